import Foundation
import KataSupport

/// An actor: Sendable by construction, and every endpoint was awaited already.
public actor ServerAPIClient {
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    private let host: String
    private let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        host = baseURL.host ?? ""
        self.transport = transport
    }

    public func signIn(user: String, password: String) async throws(APIError) -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        return try await get(Session.self, HTTPRequest(method: "POST", path: "/session", body: body))
    }

    public func fetchItems(token: String) async throws(APIError) -> [Item] {
        try await get([Item].self, HTTPRequest(method: "GET", path: "/items", headers: ["Authorization": "Bearer \(token)"]))
    }

    private func get<Value: Decodable>(_ type: Value.Type, _ request: HTTPRequest) async throws(APIError) -> Value {
        var request = request
        request.headers["Host"] = host
        request.headers["X-Launch-ID"] = LaunchID.shared.value
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        guard let value = try? JSONDecoder().decode(type, from: response.body) else { throw .malformedResponse }
        return value
    }
}
