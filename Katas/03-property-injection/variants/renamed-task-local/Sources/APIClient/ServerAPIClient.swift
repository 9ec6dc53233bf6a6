import Foundation
import KataSupport

/// Shelf's connection to its server.
///
/// `shared` is the client the app uses, but it is only a default: anyone may build a client
/// for another server or with another transport (a "Swift singleton", like URLSession).
public final class ServerAPIClient: Sendable {
    /// The production client. In the katas its transport never leaves the machine: it notes
    /// the request and fails.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    /// The client that code running in this task should use: `shared`, unless a caller bound
    /// another one for the duration of a closure, as tests do:
    ///
    ///     await ServerAPIClient.$ambient.withValue(staging) { await login.signIn() }
    ///
    /// The binding ends with the closure and is seen only by that task and its child tasks, so
    /// tests running side by side cannot see each other's client.
    @TaskLocal public static var ambient: ServerAPIClient = .shared

    private let baseURL: URL
    private let transport: any Transport

    /// A client for the server at `baseURL` that sends everything through `transport`.
    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    // MARK: - Endpoints

    /// `POST /session` with the credentials as JSON.
    public func signIn(user: String, password: String) async throws(APIError) -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        let response = try await send(HTTPRequest(method: "POST", path: "/session", body: body))
        return try decode(Session.self, from: response)
    }

    /// `GET /items`: the books on the signed-in user's shelf.
    public func fetchItems(token: String) async throws(APIError) -> [Item] {
        let request = HTTPRequest(method: "GET", path: "/items", headers: ["Authorization": "Bearer \(token)"])
        return try decode([Item].self, from: try await send(request))
    }

    // MARK: - Plumbing

    private func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        var request = request
        request.headers["Host"] = baseURL.host ?? ""
        request.headers["X-Launch-ID"] = LaunchID.shared.value
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        return response
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse) throws(APIError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .malformedResponse
        }
    }
}
