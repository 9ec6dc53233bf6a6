import Foundation
import KataSupport

/// Shelf's connection to its server, with no endpoint of its own.
public final class ServerAPIClient: Sendable {
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    private let baseURL: URL
    private let transport: any Transport
    private let decoder = JSONDecoder()

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Sends `endpoint`'s request and decodes the answer as its `Response`.
    public func execute<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        let body = try await answer(for: request(for: endpoint))
        do {
            return try decoder.decode(Response.self, from: body)
        } catch {
            throw .malformedResponse
        }
    }

    private func request<Response>(for endpoint: Endpoint<Response>) -> HTTPRequest {
        var headers = ["Host": baseURL.host ?? "", "X-Launch-ID": LaunchID.shared.value]
        headers["Authorization"] = endpoint.token.map { "Bearer \($0)" }
        return HTTPRequest(method: endpoint.method, path: endpoint.path, headers: headers, body: endpoint.body)
    }

    /// The body of a successful answer.
    private func answer(for request: HTTPRequest) async throws(APIError) -> Data {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        return response.body
    }
}
