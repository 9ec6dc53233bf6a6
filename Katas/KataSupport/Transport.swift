/// Moves one request to a server and brings its answer back.
///
/// The app's API client is built on a transport. In these katas nothing ever opens a socket:
/// production code gets a `TripwireTransport`, and tests get a `RecordingTransport`.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// The production transport of the katas. It never sends anything: it writes the request into
/// the log of the check that is running (if a check bound one, see `Tripwire`) and fails with
/// `.networkForbidden`.
public struct TripwireTransport: Transport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        Tripwire.log?.record(request)
        throw .networkForbidden(request.summary)
    }
}
