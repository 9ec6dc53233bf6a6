import Foundation

/// What time it is, for any code that asks: `Clock.now()`.
///
/// Added so the shelf could say how old it is. Tests that need a known time set `Clock.now`
/// to a fixed date and put it back when they are done.
public enum Clock {
    nonisolated(unsafe) public static var now: @Sendable () -> Date = { Date() }
}
