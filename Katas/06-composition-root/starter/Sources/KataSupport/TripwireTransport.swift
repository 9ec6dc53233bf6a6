/// The production transport of these katas. It never opens a socket: it writes down who
/// reached it (in `Tripwire.log`, when a test bound one) and fails at once with
/// `.networkForbidden`.
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
