import DIKataCore
import Foundation
import Grading
import Synchronization
import Testing

/// A `ProcessRunning` test value: it starts nothing, answers each request from a script (by
/// purpose, and by a predicate over the request when one purpose is asked for more than once),
/// records every request, and writes a scripted event stream to the request's channel. A
/// gated request waits for its gate and, when it closes, ends as stopped without being recorded.
/// With no script (`.failing`) every request records an issue naming its purpose.
public final class ScriptedProcessRunner: ProcessRunning {
    /// How a scripted process ends.
    public enum Ending: Sendable {
        case exits(Int32)
        case signalled(Int32)
        case failsToStart(String)
        /// Never ends by itself. The runner polls `shouldStop` once when the stream is written,
        /// moves the clock `seconds` on and then ends it as the live runner would: `.timedOut`
        /// when the request's timeout has passed, else `.stopped` when `shouldStop` says so.
        case hangs(seconds: Double)
    }

    /// What one process does.
    public struct Reply: Sendable {
        /// Written to the request's channel (the event stream), in `chunkSize`-byte pieces.
        public var stream: String
        public var ending: Ending
        public var stdout: String
        public var stderr: String
        public var chunkSize: Int

        public init(
            stream: TestEventStream = TestEventStream(), then ending: Ending, stdout: String = "", stderr: String = "",
            chunkSize: Int = 4096
        ) {
            self.stream = stream.text
            self.ending = ending
            self.stdout = stdout
            self.stderr = stderr
            self.chunkSize = max(1, chunkSize)
        }

        public static func exits(_ code: Int32, stdout: String = "", stderr: String = "") -> Reply {
            Reply(then: .exits(code), stdout: stdout, stderr: stderr)
        }
    }

    /// Answers requests for `purpose` that `matches`: once, or every time when `repeats`.
    public struct Rule: Sendable {
        public var purpose: String
        public var matches: @Sendable (ProcessRequest) -> Bool
        public var reply: @Sendable (ProcessRequest) -> Reply
        public var repeats: Bool

        public init(
            _ purpose: String, repeats: Bool = false,
            where matches: @escaping @Sendable (ProcessRequest) -> Bool = { _ in true },
            reply: @escaping @Sendable (ProcessRequest) -> Reply
        ) {
            self.purpose = purpose
            self.matches = matches
            self.reply = reply
            self.repeats = repeats
        }

        public init(
            _ purpose: String, repeats: Bool = false,
            where matches: @escaping @Sendable (ProcessRequest) -> Bool = { _ in true },
            _ reply: Reply
        ) {
            self.init(purpose, repeats: repeats, where: matches, reply: { _ in reply })
        }
    }

    private struct State {
        var rules: [Rule]
        var requests: [ProcessRequest] = []
    }

    private let state: Mutex<State>
    private let clock: TestClock?

    /// `clock` is what hanging processes move on; rules are tried in order, the first that
    /// matches answers (and is used up unless it repeats).
    public init(clock: TestClock? = nil, _ rules: [Rule] = []) {
        self.clock = clock
        state = Mutex(State(rules: rules))
    }

    /// Expects no process at all.
    public static var failing: ScriptedProcessRunner { ScriptedProcessRunner() }

    /// Adds a rule after the others.
    public func on(_ rule: Rule) {
        state.withLock { $0.rules.append(rule) }
    }

    /// Every request so far, in order.
    public var requests: [ProcessRequest] { state.withLock { $0.requests } }

    /// The purposes of one-time rules no request has used yet: a script that expected more.
    public var unusedRules: [String] { state.withLock { $0.rules.filter { !$0.repeats }.map(\.purpose) } }

    /// The requests for `purpose`, in order.
    public func requests(for purpose: String) -> [ProcessRequest] { requests.filter { $0.purpose == purpose } }

    public func run(_ request: ProcessRequest) async -> ProcessResult {
        // A gated process runs (and is recorded) only once its gate opens, as the live one.
        if let gate = request.gate, await !gate.decision() {
            return ProcessResult(termination: .stopped, stdout: .empty, stderr: .empty, duration: 0)
        }
        let rule = state.withLock { state -> Rule? in
            state.requests.append(request)
            guard let index = state.rules.firstIndex(where: { $0.purpose == request.purpose && $0.matches(request) })
            else { return nil }
            let rule = state.rules[index]
            if !rule.repeats { state.rules.remove(at: index) }
            return rule
        }
        guard let rule else {
            Issue.record(
                "Unexpected process to \(request.purpose): \(([request.executable] + request.arguments).joined(separator: " "))"
            )
            return ProcessResult(
                termination: .failedToStart("not scripted"), stdout: .empty, stderr: .empty, duration: 0)
        }
        return play(rule.reply(request), for: request)
    }

    private func play(_ reply: Reply, for request: ProcessRequest) -> ProcessResult {
        if let channel = request.channel {
            let bytes = Array(reply.stream.utf8)
            for start in stride(from: 0, to: bytes.count, by: reply.chunkSize) {
                channel(Array(bytes[start..<min(bytes.count, start + reply.chunkSize)]))
            }
        }
        var duration = 0.0
        let termination: Termination
        switch reply.ending {
        case .exits(let code): termination = .exited(code)
        case .signalled(let signal): termination = .signalled(signal)
        case .failsToStart(let reason): termination = .failedToStart(reason)
        case .hangs(let seconds):
            _ = request.shouldStop?()
            guard let clock else {
                Issue.record("A hanging process to \(request.purpose) needs a clock to move on.")
                return ProcessResult(termination: .timedOut, stdout: .empty, stderr: .empty, duration: 0)
            }
            clock.advance(by: seconds)
            duration = seconds
            if seconds >= request.timeout {
                termination = .timedOut
            } else if request.shouldStop?() == true {
                termination = .stopped
            } else {
                Issue.record("The process to \(request.purpose) hung \(seconds) s and nothing stopped it.")
                termination = .timedOut
            }
        }
        return ProcessResult(
            termination: termination, stdout: .capped(reply.stdout, limit: request.outputLimit),
            stderr: .capped(reply.stderr, limit: request.outputLimit), duration: duration)
    }
}
