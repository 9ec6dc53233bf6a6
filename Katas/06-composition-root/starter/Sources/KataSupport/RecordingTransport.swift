import Synchronization

/// A transport for tests: answers from a table keyed by path, remembers every request, and
/// calls back before `send` returns, so nothing has to wait.
public final class RecordingTransport: Transport {
    private struct State {
        var requests: [HTTPRequest] = []
        var sites: [CallSite] = []
    }

    private let replies: [String: Result<HTTPResponse, TransportError>]
    private let state = Mutex(State())

    /// `replies` maps a path such as "/items" to its answer. Other paths fail with `.offline`.
    public init(_ replies: [String: Result<HTTPResponse, TransportError>] = [:]) {
        self.replies = replies
    }

    /// Every request sent so far, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The code that sent each request, in the same order.
    public var sites: [CallSite] { state.withLock { $0.sites } }

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        state.withLock {
            $0.requests.append(request)
            $0.sites.append(site)
        }
        completion(replies[request.path] ?? .failure(.offline))
    }
}
