import Foundation
import KataSupport

/// Talks to the Shelf server. It knows how to send a request and decode the answer, and
/// nothing about any feature: each feature adds its own endpoints in an extension.
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

    /// Sends `request` and decodes the JSON answer as `Response` (snake_case keys become
    /// camelCase properties).
    ///
    /// An endpoint passes its own `file`, `line` and `function` through, so the transport
    /// learns which feature code made the call.
    public func execute<Response: Decodable & Sendable>(
        _ request: APIRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) {
        var headers = ["Accept": "application/json", "Host": baseURL.host ?? ""]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        let outgoing = HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body)
        transport.send(outgoing, from: CallSite(fileID: file, line: line, function: function)) { result in
            completion(ServerAPIClient.interpret(result))
        }
    }

    private static func interpret<Response: Decodable & Sendable>(
        _ result: Result<HTTPResponse, TransportError>
    ) -> Result<Response, APIError> {
        guard case .success(let response) = result else { return .failure(.unreachable) }
        guard (200..<300).contains(response.status) else { return .failure(.status(response.status)) }
        guard let value = try? JSONDecoder().decode(Response.self, from: response.body) else {
            return .failure(.malformedResponse)
        }
        return .success(value)
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
