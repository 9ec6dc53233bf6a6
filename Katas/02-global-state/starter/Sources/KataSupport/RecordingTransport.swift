import Foundation
import Synchronization

/// A fake server: answers each path with a canned response (404 for unknown paths) and
/// remembers every request it was sent.
public final class RecordingTransport: Transport {
    private let responses: [String: HTTPResponse]
    private let log = Mutex<[(site: CallSite, request: HTTPRequest)]>([])

    /// - Parameter responses: the response for each path, such as `"/session"`.
    public init(responses: [String: HTTPResponse] = [:]) {
        self.responses = responses
    }

    /// A server that signs `user` in and lists `Fixtures.items`.
    public static func shelf(user: String = "ada") -> RecordingTransport {
        RecordingTransport(responses: ["/session": Fixtures.session(user: user), "/items": Fixtures.itemList()])
    }

    /// Every request received, oldest first.
    public var requests: [HTTPRequest] { log.withLock { $0.map(\.request) } }

    /// Where each request came from, in the same order as `requests`.
    public var callSites: [CallSite] { log.withLock { $0.map(\.site) } }

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        log.withLock { $0.append((site, request)) }
        completion(.success(responses[request.path] ?? HTTPResponse(status: 404)))
    }
}
