import Dispatch
import Synchronization

/// Lets a process be started before the grade knows whether it may run: the check runner's
/// sandbox is set up (as root that includes joining a cgroup, about 15 ms) while the runner is
/// still being linked and the safety check is still reading the learner's code.
///
/// A gated process's standard input is a pipe that receives one line, `run`, when the gate
/// opens, and is closed when the gate closes; the sandbox makes a gated command wait for that
/// line before it runs anything of the command (``Sandbox/gated(_:)``). Nothing of the
/// learner's runs before `open()`. Once decided, a gate stays so: `open()` after `close()`, or
/// the other way round, does nothing.
public final class ProcessGate: Sendable {
    private struct State {
        var decision: Bool?
        var waiters: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Mutex(State())
    private let decided = DispatchSemaphore(value: 0)

    public init() {}

    /// Lets the process run its command.
    public func open() { decide(true) }

    /// Ends the process without running its command.
    public func close() { decide(false) }

    private func decide(_ value: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>]? in
            guard state.decision == nil else { return nil }
            state.decision = value
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return }
        decided.signal()
        waiters.forEach { $0.resume(returning: value) }
    }

    /// Whether the gate opened, once it is decided (test process runners wait this way).
    public func decision() async -> Bool {
        await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Bool? in
                if state.decision == nil { state.waiters.append(continuation) }
                return state.decision
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Whether the gate has opened (false while undecided).
    public var isOpen: Bool { state.withLock { $0.decision == true } }

    /// Waits up to `milliseconds` for the decision on this thread: nil while it is not made.
    func wait(milliseconds: Int) -> Bool? {
        guard decided.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
            return state.withLock { $0.decision }
        }
        decided.signal()  // for any other waiter
        return state.withLock { $0.decision }
    }
}
