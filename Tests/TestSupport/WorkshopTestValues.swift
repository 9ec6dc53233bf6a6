import Foundation
import Synchronization
import Testing
import Workshop
import WorkshopHost

extension HostDependencies {
    /// Records an issue whenever the host reads the clock, asks for randomness or logs: for
    /// tests that must not depend on any of them.
    public static let failing = HostDependencies(
        now: {
            Issue.record("HostDependencies.now was called unexpectedly")
            return Date(timeIntervalSince1970: 0)
        },
        randomBytes: { count in
            Issue.record("HostDependencies.randomBytes(\(count)) was called unexpectedly")
            return [UInt8](repeating: 0, count: count)
        },
        log: { Issue.record("HostDependencies.log was called unexpectedly: \($0)") })

    /// A clock the test moves and bytes from a seed: codes, tokens and ids are reproducible.
    public static func controlled(clock: TestClock, seed: UInt64 = 1) -> HostDependencies {
        let bytes = SeededBytes(seed: seed)
        return HostDependencies(now: clock.now, randomBytes: { bytes.next($0) })
    }

    /// Randomness that always gives `byte`: for edge cases of how bytes become codes.
    public static func constant(_ byte: UInt8, clock: TestClock = TestClock()) -> HostDependencies {
        HostDependencies(now: clock.now, randomBytes: { [UInt8](repeating: byte, count: $0) })
    }
}

/// A workshop host played by the test: answers `WorkshopClient` requests by method and path
/// ("POST api/join") and records every request, so the client is tested without a socket.
public final class ScriptedHTTP: Sendable {
    public enum Answer: Sendable {
        case reply(status: Int, body: String)
        /// The exchange throws, as when nothing listens on the port.
        case unreachable
    }

    private let answers: Mutex<[String: [Answer]]>
    private let seen = Mutex<[HTTPExchange.Request]>([])

    /// Each key's answers are given in order; the last one repeats.
    public init(_ answers: [String: [Answer]]) {
        self.answers = Mutex(answers)
    }

    /// Every request the client sent, in order.
    public var requests: [HTTPExchange.Request] { seen.withLock { $0 } }

    public var send: WorkshopClient.Send {
        { request in
            self.seen.withLock { $0.append(request) }
            let key = "\(request.method) \(request.url.path.drop { $0 == "/" })"
            let answer = self.answers.withLock { answers -> Answer? in
                guard let queue = answers[key], let first = queue.first else { return nil }
                if queue.count > 1 { answers[key] = Array(queue.dropFirst()) }
                return first
            }
            switch answer {
            case .reply(let status, let body): return HTTPExchange.Reply(status: status, body: Data(body.utf8))
            case .unreachable: throw ScriptedFailure.unreachable
            case nil:
                Issue.record("ScriptedHTTP has no answer for \(key)")
                throw ScriptedFailure.unscripted(key)
            }
        }
    }

    /// A `send` that records an issue for any request: for code paths that must stay offline.
    public static let failing: WorkshopClient.Send = { request in
        Issue.record("unexpected HTTP request: \(request.method) \(request.url)")
        throw ScriptedFailure.unscripted(request.url.path)
    }

    enum ScriptedFailure: Error {
        case unreachable
        case unscripted(String)
    }
}
