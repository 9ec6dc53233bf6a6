import Foundation
import KataSupport

/// One server and the transport that reaches it: builds requests for that server, sends them
/// and decodes the answers. Every endpoint of a client goes through its connection.
struct Connection: Sendable {
    let baseURL: URL
    let transport: any Transport

    /// A request for this connection's server: the `Host` header comes from `baseURL`.
    func request(_ method: String, _ path: String, installationID: String, body: Data?) -> HTTPRequest {
        let headers = ["Host": baseURL.host ?? "", "X-Install-ID": installationID]
        return HTTPRequest(method: method, path: path, headers: headers, body: body)
    }

    /// Sends `request` through the transport and decodes a successful answer as `Value`.
    func exchange<Value: Decodable>(
        _ request: HTTPRequest, from site: CallSite, expecting type: Value.Type
    ) async throws -> Value {
        let response = try await send(request, from: site)
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw APIError.malformedResponse
        }
    }

    private func send(_ request: HTTPRequest, from site: CallSite) async throws -> HTTPResponse {
        let result = await withCheckedContinuation { continuation in
            transport.send(request, from: site) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            return response
        case .success(let response):
            throw APIError.status(response.status)
        case .failure(let error):
            throw APIError.transport(error)
        }
    }
}
