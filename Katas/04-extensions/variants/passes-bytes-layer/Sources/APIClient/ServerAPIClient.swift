import Foundation
import KataSupport

/// Talks to the Shelf server in two layers, and knows no feature: each feature adds its own
/// endpoints in an extension.
///
/// - `execute(_:completion:)` with a `Data` answer sends a request and hands back the body
///   bytes of a 2xx answer, for endpoints whose answer is not JSON (a cover image, say).
/// - `execute(_:completion:)` with a `Decodable` answer builds on it and decodes the JSON.
///
/// `shared` is the production client. Tests and staging builds create their own with
/// `init(baseURL:transport:)`.
open class ServerAPIClient: @unchecked Sendable {
    /// The production client.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    public let baseURL: URL
    private let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Sends `request` and hands back the body of a 2xx answer as it came, undecoded.
    public func execute(
        _ request: APIRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Data, APIError>) -> Void
    ) {
        var headers = ["Accept": "application/json", "Host": baseURL.host ?? ""]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        let outgoing = HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body)
        transport.send(outgoing, from: CallSite(fileID: file, line: line, function: function)) { result in
            switch result {
            case .success(let response) where (200..<300).contains(response.status):
                completion(.success(response.body))
            case .success(let response):
                completion(.failure(.status(response.status)))
            case .failure:
                completion(.failure(.unreachable))
            }
        }
    }

    /// Sends `request` and decodes the JSON answer as `Response` (snake_case keys become
    /// camelCase properties).
    public func execute<Response: Decodable & Sendable>(
        _ request: APIRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) {
        let bytes: @Sendable (Result<Data, APIError>) -> Void = { result in
            completion(
                result.flatMap { body in
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    guard let value = try? decoder.decode(Response.self, from: body) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(value)
                })
        }
        execute(request, file: file, line: line, function: function, completion: bytes)
    }
}

/// One request as an endpoint describes it; `execute` adds the headers.
public struct APIRequest: Sendable, Equatable {
    public var method: String
    /// The path on the server, for example `/items`.
    public var path: String
    /// JSON, when the request has a body.
    public var body: Data?

    public init(method: String, path: String, body: Data? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }
}
