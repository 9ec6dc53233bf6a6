import Foundation
import Synchronization
import Testing

/// A clock for tests: it stands still until the test (or a scripted process) moves it.
/// Pass `now` wherever dikata takes `@Sendable () -> Date`.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        current = Mutex(start)
    }

    /// The time now; never moves by itself.
    public var now: @Sendable () -> Date {
        { self.current.withLock { $0 } }
    }

    /// Moves the clock forward.
    public func advance(by seconds: Double) {
        current.withLock { $0 += seconds }
    }

    /// Seconds since `start`.
    public func elapsed(since start: Date = Date(timeIntervalSinceReferenceDate: 0)) -> Double {
        current.withLock { $0.timeIntervalSince(start) }
    }

    /// A clock that must not be read: it records an issue naming `caller` each time it is.
    public static func failing(_ caller: String = "now") -> @Sendable () -> Date {
        {
            Issue.record("The clock was read unexpectedly (\(caller)).")
            return Date(timeIntervalSinceReferenceDate: 0)
        }
    }
}
