import DIKataCore
import Foundation
import Synchronization

/// Follows the event stream while the checks run, so a hanging test can be stopped and named.
final class StreamMonitor: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var received = 0
        var log = TestEventLog()
        var currentTest: String?
        var currentSince: Date
    }

    /// The stream is kept up to this many bytes; a run that says more is cut off there, and the
    /// checks it did not report have no result.
    static let byteLimit = 32 << 20

    private let perTestSeconds: Double
    private let now: @Sendable () -> Date
    // Fed from the process runner's thread, read there and once the process has ended.
    private let state: Mutex<State>

    init(perTestSeconds: Double, now: @escaping @Sendable () -> Date) {
        self.perTestSeconds = perTestSeconds
        self.now = now
        state = Mutex(State(currentSince: now()))
    }

    /// Takes the next bytes of the stream and reads every complete line in them.
    func receive(_ bytes: [UInt8]) {
        state.withLock { state in
            let room = max(0, Self.byteLimit - state.received)
            state.received += bytes.count
            state.pending += bytes.prefix(room)
            var start = state.pending.startIndex
            while let newline = state.pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                state.log.ingest(line: Substring(decoding: state.pending[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            state.pending.removeSubrange(..<start)
        }
    }

    /// True when one test has been running longer than allowed.
    func overdue() -> Bool {
        state.withLock { state in
            let running = state.log.unfinished.last
            if running != state.currentTest {
                state.currentTest = running
                state.currentSince = now()
            }
            guard state.currentTest != nil else { return false }
            return now().timeIntervalSince(state.currentSince) > perTestSeconds
        }
    }

    func finalLog() -> TestEventLog {
        state.withLock { $0.log }
    }
}
