import Foundation
import Synchronization
import Testing

/// A clock for tests: it stands still until the test (or a scripted process) moves it.
/// Pass `now` wherever dikata takes `@Sendable () -> Date`.
public final class TestClock: Sendable {
    /// Where the clock started.
    public let start: Date
    private let current: Mutex<Date>

    /// Starts at `start` (by default 2027-01-15 08:00:00 UTC, a fixed instant).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.start = start
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

    /// Waits until the clock has moved `duration` past the moment it was called (or the task is
    /// cancelled): a poller's pace follows the test's clock, not the wall clock.
    public var pause: @Sendable (Duration) async -> Void {
        { duration in
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            let until = self.now().addingTimeInterval(seconds)
            while self.now() < until, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    /// Seconds the clock has moved since it started.
    public func elapsed() -> Double {
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

/// Reproducible random bytes (SplitMix64): the same seed gives the same bytes, run after run.
public final class SeededBytes: Sendable {
    private let state: Mutex<UInt64>

    public init(seed: UInt64) { state = Mutex(seed) }

    public func next(_ count: Int) -> [UInt8] {
        state.withLock { state in
            (0..<count).map { _ in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return UInt8(truncatingIfNeeded: z ^ (z >> 31))
            }
        }
    }
}
