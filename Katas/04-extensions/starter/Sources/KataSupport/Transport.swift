import Foundation

/// What the client asks the transport to send.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The path on the server, for example `/items`.
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

/// What came back.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }

    /// A response whose body is `json` (UTF-8).
    public static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(json.utf8))
    }
}

/// Why a request got no response at all.
public enum TransportError: Error, Sendable, Equatable {
    /// Production networking was reached in the workshop, from this call site.
    case networkForbidden(CallSite)
    /// The device is offline.
    case offline
}

/// Moves bytes to the server and back. In the workshop nothing ever opens a socket:
/// production code gets a `TripwireTransport`, tests get a `RecordingTransport`.
public protocol Transport: Sendable {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void)
}

/// The production transport of the workshop. It never sends anything: it records `site` in
/// the running test's `Tripwire.log` (if there is one) and fails with `.networkForbidden`.
/// It completes synchronously, before `send` returns.
public struct TripwireTransport: Transport {
    public init() {}

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        Tripwire.log?.record(site)
        completion(.failure(.networkForbidden(site)))
    }
}
