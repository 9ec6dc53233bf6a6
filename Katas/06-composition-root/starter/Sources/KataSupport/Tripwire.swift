import Synchronization

/// The places where code reached the production network, collected for one test.
public final class TripwireLog: Sendable {
    private let storage = Mutex<[CallSite]>([])

    public init() {}

    /// Every call site recorded so far, oldest first.
    public var sites: [CallSite] { storage.withLock { $0 } }

    public func record(_ site: CallSite) {
        storage.withLock { $0.append(site) }
    }
}

/// Where `TripwireTransport` reports. Bind a log for the duration of a test:
/// `await Tripwire.$log.withValue(log) { … }`. Task-local, so parallel tests never mix.
public enum Tripwire {
    @TaskLocal public static var log: TripwireLog?
}
