import Foundation
import KataSupport

/// Talks to the Shelf server in the server's own terms: DTOs and HTTP statuses.
public final class ServerAPIClient: Sendable {
    /// Where the production server lives.
    public static let productionURL = URL(string: "https://api.shelf.example")!

    public let baseURL: URL
    public let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// `POST /session`: trades credentials for a session token.
    public func postSession(
        _ credentials: CredentialsDTO,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<APIResponse<SessionDTO>, TransportError>) -> Void
    ) {
        let request = HTTPRequest(
            method: "POST", path: "/session", headers: ["Content-Type": "application/json"],
            body: try? JSONEncoder().encode(credentials))
        send(request, decoding: SessionDTO.self, site: CallSite(fileID: file, line: line, function: function), completion: completion)
    }

    /// `GET /items` for the user the token belongs to.
    public func getItems(
        token: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<APIResponse<[ItemDTO]>, TransportError>) -> Void
    ) {
        let request = HTTPRequest(method: "GET", path: "/items", headers: ["Authorization": "Bearer \(token)"])
        send(request, decoding: [ItemDTO].self, site: CallSite(fileID: file, line: line, function: function), completion: completion)
    }

    private func send<Body: Decodable & Sendable>(
        _ request: HTTPRequest, decoding: Body.Type, site: CallSite,
        completion: @escaping @Sendable (Result<APIResponse<Body>, TransportError>) -> Void
    ) {
        var request = request
        request.headers["Host"] = baseURL.host ?? ""
        transport.send(request, from: site) { result in
            completion(result.map { response in
                let decoded = (200..<300).contains(response.status)
                    ? try? JSONDecoder().decode(Body.self, from: response.body) : nil
                return APIResponse(status: response.status, body: decoded)
            })
        }
    }
}
