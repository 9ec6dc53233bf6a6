import Synchronization

/// Values a test double was called with, in order (safe to append from any task).
public final class CallLog<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    public init() {}

    public func append(_ value: Value) { values.withLock { $0.append(value) } }

    public var all: [Value] { values.withLock { $0 } }
}
