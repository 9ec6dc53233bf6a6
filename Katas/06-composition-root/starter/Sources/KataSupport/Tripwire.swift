import Synchronization

/// The places where code reached the production network, collected for one test.
public final class TripwireLog: Sendable {
    private let storage = Mutex<[CallSite]>([])

    @_spi(Checks) public init() {}

    /// Every call site recorded so far, oldest first.
    public var sites: [CallSite] { storage.withLock { $0 } }

    func record(_ site: CallSite) {
        storage.withLock { $0.append(site) }
    }
}

/// Where `TripwireTransport` reports. Bind a log for the duration of a test:
/// `await Tripwire.logBinding.withValue(log) { … }`. Task-local, so parallel tests never mix.
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
