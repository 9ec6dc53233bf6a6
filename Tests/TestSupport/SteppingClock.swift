import Foundation
import Synchronization

/// A clock for tests that moves only when told: `now` is what a service's clock closure returns.
public final class SteppingClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

    /// The time now, as an injectable closure.
    public var now: @Sendable () -> Date { { self.current.withLock { $0 } } }

    public func advance(by seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
