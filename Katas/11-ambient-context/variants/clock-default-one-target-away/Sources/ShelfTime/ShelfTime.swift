import Ambient
import Foundation

/// The time for a screen that was not handed a clock: whatever the running task bound.
public enum ShelfTime {
    public static let now: @Sendable () -> Date = { ShelfDependencies.current.now() }
}
