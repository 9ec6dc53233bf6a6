import Synchronization

/// The call sites that reached the production transport while one test ran.
/// Thread-safe: the tripwire may be hit from any task.
public final class TripwireLog: Sendable {
    private let recorded = Mutex<[CallSite]>([])

    @_spi(Checks) public init() {}

    /// Adds one call site.
    func record(_ site: CallSite) {
        recorded.withLock { $0.append(site) }
    }

    /// Every call site recorded so far, oldest first.
    public var sites: [CallSite] {
        recorded.withLock { $0 }
    }
}

/// Where `TripwireTransport` reports to. A test binds its own log for the duration of a closure:
///
///     let log = TripwireLog()
///     await Tripwire.logBinding.withValue(log) { await viewModel.reload() }
///     // log.sites lists every place that reached production networking
///
/// The binding belongs to the test's task (and its child tasks), so tests running in
/// parallel never see each other's calls.
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
