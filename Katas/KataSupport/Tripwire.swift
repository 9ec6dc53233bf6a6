import Synchronization

/// Every request that reached the production transport while one check ran.
///
/// Safe to share between tasks: every access goes through a lock.
public final class TripwireLog: Sendable {
    private let recorded = Mutex<[HTTPRequest]>([])

    @_spi(Checks) public init() {}

    /// Called by `TripwireTransport` for every request it refuses.
    func record(_ request: HTTPRequest) {
        recorded.withLock { $0.append(request) }
    }

    /// What production code tried to send, oldest first.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }
}

/// Where `TripwireTransport` reports to.
///
/// The log is task-local: a check binds its own for one closure, and the binding belongs to that
/// task and the child tasks it starts, so checks running side by side never see each other's
/// requests. Code running outside any check (the App, say) sees `nil`.
///
/// Only the kata's hidden checks make or bind a log (`@_spi(Checks) import KataSupport`), and
/// only `TripwireTransport` reads the binding: code in the learner's targets can neither tell
/// whether a check is watching, nor hide from it, nor claim it reached production.
public enum Tripwire {
    /// Read by `TripwireTransport` only.
    @TaskLocal static var log: TripwireLog?

    /// What the hidden checks bind: `await Tripwire.logBinding.withValue(log) { … }`.
    @_spi(Checks) public static var logBinding: TaskLocal<TripwireLog?> { $log }
}
