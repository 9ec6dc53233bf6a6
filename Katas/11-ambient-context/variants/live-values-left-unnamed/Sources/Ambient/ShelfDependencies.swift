import Foundation

/// The values the composition root reads when it builds a screen: what time it is, and where
/// log lines go. A struct of closures, so a test replaces one of them with a line of code.
///
/// `current` is a task-local: a value bound for the length of one piece of work
/// (`ShelfDependencies.$current.withValue(…) { … }`) and seen only by that task and the tasks
/// it starts, never assigned for everybody. Only the root reads it, and only while it builds:
/// the screens get plain values in their initializers and never look here.
public struct ShelfDependencies: Sendable {
    public var now: @Sendable () -> Date
    public var log: @Sendable (String) -> Void

    public init(now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) {
        self.now = now
        self.log = log
    }

    /// For tests: every value reports, through `report`, that it was used without the test
    /// giving it one, and names itself. Replace the values the test expects to be used.
    public static func failing(report: @escaping @Sendable (String) -> Void) -> ShelfDependencies {
        ShelfDependencies(
            now: {
                report("ShelfDependencies.now was read, but this test bound no clock")
                return Date(timeIntervalSince1970: 0)
            },
            log: { line in report("ShelfDependencies.log was sent \"\(line)\", but this test bound no log") })
    }

    /// The values bound for the running task; the real clock and printed lines where nobody
    /// bound any.
    @TaskLocal public static var current = ShelfDependencies(now: { Date() }, log: { print($0) })
}
