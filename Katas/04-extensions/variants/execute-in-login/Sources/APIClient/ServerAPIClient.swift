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
    public let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
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
