import Foundation
import Synchronization

/// A transport for tests: it answers from canned responses (chosen by path), remembers every
/// request it was given, and completes synchronously, before `send` returns.
/// A path without a canned response gets a 404 with an empty body.
public final class RecordingTransport: Transport {
    private struct State {
        var replies: [String: Result<HTTPResponse, TransportError>] = [:]
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    /// `responses` maps a path (`/items`) to the response for it.
    public init(responses: [String: HTTPResponse] = [:]) {
        state.withLock { state in
            for (path, response) in responses { state.replies[path] = .success(response) }
        }
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
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        let reply = state.withLock { state in
            state.requests.append(request)
            return state.replies[request.path] ?? .success(HTTPResponse(status: 404))
        }
        completion(reply)
    }
}
