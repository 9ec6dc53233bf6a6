import Synchronization

/// The call sites that reached the production transport while one test ran.
/// Thread-safe: the tripwire may be hit from any task.
public final class TripwireLog: Sendable {
    private let recorded = Mutex<[CallSite]>([])

    public init() {}

    /// Adds one call site.
    public func record(_ site: CallSite) {
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
///     await Tripwire.$log.withValue(log) { await viewModel.reload() }
///     // log.sites lists every place that reached production networking
///
/// The binding belongs to the test's task (and its child tasks), so tests running in
/// parallel never see each other's calls.
public enum Tripwire {
    @TaskLocal public static var log: TripwireLog?
}
