import Synchronization

/// Remembers every time production code tried to reach the server while one check ran.
///
/// Safe to share between threads: every access goes through a lock.
public final class TripwireLog: Sendable {
    private let entries = Mutex<[(site: CallSite, request: HTTPRequest)]>([])

    @_spi(Checks) public init() {}

    /// Called by `TripwireTransport` for every request it refuses.
    func record(_ site: CallSite, request: HTTPRequest) {
        entries.withLock { $0.append((site, request)) }
    }

    /// Where the production client was reached from, oldest first.
    public var hits: [CallSite] { entries.withLock { $0.map(\.site) } }

    /// What production code would have sent, in the same order as `hits`.
    public var requests: [HTTPRequest] { entries.withLock { $0.map(\.request) } }
}

/// The log of the check that is running right now.
///
/// It is task-local, so checks running side by side each see their own log, and code that
/// runs outside any check (the App, for instance) sees `nil`.
///
/// Only the kata's hidden checks make a log or bind one (`@_spi(Checks) import KataSupport`),
/// and only `TripwireTransport` reads the binding and records into it: code in the learner's
/// targets can neither tell whether a check is watching, nor hide from it, nor claim that it
/// reached production.
public enum Tripwire {
    /// Read by `TripwireTransport` only.
    @TaskLocal static var log: TripwireLog?

    /// What the hidden checks bind: `await Tripwire.logBinding.withValue(log) { … }`.
    @_spi(Checks) public static var logBinding: TaskLocal<TripwireLog?> { $log }
}
