import APIClient
import Foundation

extension ServerAPIClient {
    /// The generic layer, written here because this feature needed it first.
    public func execute<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        let data = try await send(method: endpoint.method, path: endpoint.path, body: endpoint.body, token: endpoint.token)
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw .malformedResponse
        }
    }
}
