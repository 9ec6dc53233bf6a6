import Foundation
import KataSupport

/// Shelf's connection to its server. The core only knows how to send an `APIRequest` and read
/// the answer; which requests exist is up to the features, each in its own extension.
///
/// `shared` talks to production. Tests and staging builds make their own client with
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

    /// Sends `request` and calls `completion` once with the answer decoded as `Response`.
    ///
    /// Endpoints hand their own `file`, `line` and `function` on, so that the transport sees
    /// the feature code that asked, not the endpoint.
    public func execute<Response: Decodable & Sendable>(
        _ request: APIRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) {
        let site = CallSite(fileID: file, line: line, function: function)
        transport.send(envelope(for: request), from: site) { outcome in
            completion(outcome.mapError { _ in .unreachable }.flatMap(Answer.decode))
        }
    }

    /// The request as it goes over the wire, with the headers every call carries.
    private func envelope(for request: APIRequest) -> HTTPRequest {
        var headers = ["Accept": "application/json", "Host": baseURL.host ?? ""]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        return HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body)
    }
}
