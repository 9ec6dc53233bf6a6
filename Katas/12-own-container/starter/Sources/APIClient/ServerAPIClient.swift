import Foundation
import KataSupport

/// Shelf's connection to its server: how to reach it and how to talk to it, but no endpoint.
/// Each feature adds the endpoints it needs in an extension of its own, built on `execute`.
///
/// `shared` is the client the app uses, but it is only a default: anyone may build a client
/// for another server or with another transport (a "Swift singleton", like URLSession).
public final class ServerAPIClient: Sendable {
    /// The production client. In the katas its transport never leaves the machine: it notes
    /// the request and fails.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    private let baseURL: URL
    private let transport: any Transport

    /// A client for the server at `baseURL` that sends everything through `transport`.
    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Sends `endpoint`'s request and decodes the answer as its `Response`.
    public func execute<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        var request = HTTPRequest(method: endpoint.method, path: endpoint.path, body: endpoint.body)
        request.headers["Host"] = baseURL.host ?? ""
        request.headers["X-Launch-ID"] = LaunchID.shared.value
        if let token = endpoint.token { request.headers["Authorization"] = "Bearer \(token)" }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        do {
            return try JSONDecoder().decode(Response.self, from: response.body)
        } catch {
            throw .malformedResponse
        }
    }
}
