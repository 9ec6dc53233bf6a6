import Synchronization

/// The host's operator log as a test reads it (`HostDependencies.log`): every line, in order.
public final class RecordedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Every line logged so far.
    public var entries: [String] { lines.withLock { $0 } }

    /// A `log` closure that keeps each line here.
    public var log: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}
