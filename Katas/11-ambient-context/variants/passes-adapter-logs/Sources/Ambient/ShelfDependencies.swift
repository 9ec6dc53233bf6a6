import Foundation

/// The clock and the log the root hands to what it builds, bound per task.
public struct ShelfDependencies: Sendable {
    public var now: @Sendable () -> Date
    public var log: @Sendable (String) -> Void

    public init(now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) {
        self.now = now
        self.log = log
    }

    public static let live = ShelfDependencies(now: Date.init, log: { print($0) })

    /// Values that complain, by name, whenever they are used.
    public static func failing(report: @escaping @Sendable (String) -> Void) -> ShelfDependencies {
        ShelfDependencies(
            now: unimplemented("now", report: report, placeholder: Date.distantPast),
            log: unimplemented("log", report: report, placeholder: ()))
    }

    @TaskLocal public static var current: ShelfDependencies = .live
}

/// A closure that reports `name` each time it is called and returns `placeholder`.
private func unimplemented<Output: Sendable>(
    _ name: String, report: @escaping @Sendable (String) -> Void, placeholder: Output
) -> @Sendable () -> Output {
    {
        report("Unimplemented: ShelfDependencies.\(name)")
        return placeholder
    }
}

/// The same, for a closure that takes one value and ignores it.
private func unimplemented<Input>(
    _ name: String, report: @escaping @Sendable (String) -> Void, placeholder: Void
) -> @Sendable (Input) -> Void {
    { _ in report("Unimplemented: ShelfDependencies.\(name)") }
}
