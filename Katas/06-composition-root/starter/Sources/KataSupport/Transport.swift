import Foundation

/// A request as the server sees it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, path: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

/// What the server answered.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}

/// Why a request got no answer.
public enum TransportError: Error, Sendable, Equatable {
    /// The production network was reached from a test; the site says from where.
    case networkForbidden(CallSite)
    /// There was no connection.
    case offline
}

/// Moves requests to a server and back. `site` is the code that asked, for diagnostics.
public protocol Transport: Sendable {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void)
}
