import Foundation

/// One HTTP request, as ServerAPIClient builds it. `Host` says which server it is meant for.
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

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}

public enum TransportError: Error, Sendable, Equatable {
    /// Production code tried to reach the real server; the site says from where.
    case networkForbidden(CallSite)
    case offline
}

/// Moves requests to a server and answers back. The doubles in this module answer at once,
/// on the caller's thread, so nothing in a check ever waits.
public protocol Transport: Sendable {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void)
}

/// The transport production code uses in this course. It never opens a socket: it writes the
/// caller's site into `Tripwire.log` and fails with `.networkForbidden`.
public struct TripwireTransport: Transport {
    public init() {}

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        Tripwire.log?.record(site, request: request)
        completion(.failure(.networkForbidden(site)))
    }
}
