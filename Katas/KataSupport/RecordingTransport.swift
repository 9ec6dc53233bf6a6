import Synchronization

/// A fake server for tests: it answers each path with a canned reply (a 404 for a path it
/// does not know) and remembers every request it was sent.
///
/// It answers after one suspension point, as a real network would, so other tasks get to run
/// between a request and its answer.
public final class RecordingTransport: Transport {
    private struct State {
        var replies: [String: Result<HTTPResponse, TransportError>] = [:]
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    /// - Parameter responses: the reply for each path, such as `"/session"`.
    public init(_ responses: [String: HTTPResponse] = [:]) {
        state.withLock { state in
            for (path, response) in responses { state.replies[path] = .success(response) }
        }
    }

    /// A server that signs `user` in and lists `Fixtures.items` and `Fixtures.friends`.
    public static func shelf(user: String = "ada") -> RecordingTransport {
        RecordingTransport([
            "/session": Fixtures.session(user: user),
            "/items": Fixtures.items,
            "/friends": Fixtures.friends,
            "/v2/session": Fixtures.sessionV2(user: user),
            "/v2/items": Fixtures.itemsV2,
        ])
    }

    /// From now on, answers requests for `path` with `response`.
    public func respond(to path: String, with response: HTTPResponse) {
        state.withLock { $0.replies[path] = .success(response) }
    }

    /// From now on, fails requests for `path` with `error`.
    public func fail(_ path: String, with error: TransportError) {
        state.withLock { $0.replies[path] = .failure(error) }
    }

    /// Every request received so far, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let reply = state.withLock { state in
            state.requests.append(request)
            return state.replies[request.path] ?? .success(HTTPResponse(status: 404))
        }
        await Task.yield()
        return try reply.get()
    }
}
