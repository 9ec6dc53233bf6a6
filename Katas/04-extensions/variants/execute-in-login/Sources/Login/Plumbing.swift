import APIClient
import Foundation
import KataSupport

// The shared plumbing, written next to the first endpoint that needed it.
extension ServerAPIClient {
    public func execute<Response: Decodable & Sendable>(
        _ request: APIRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) {
        var headers = ["Accept": "application/json", "Host": baseURL.host ?? ""]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        let outgoing = HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body)
        transport.send(outgoing, from: CallSite(fileID: file, line: line, function: function)) { result in
            guard case .success(let response) = result else { return completion(.failure(.unreachable)) }
            guard (200..<300).contains(response.status) else { return completion(.failure(.status(response.status))) }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            guard let value = try? decoder.decode(Response.self, from: response.body) else {
                return completion(.failure(.malformedResponse))
            }
            completion(.success(value))
        }
    }
}
