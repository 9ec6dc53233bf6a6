import Synchronization

/// Collects values from any task; the doubles use it to remember how they were called.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    init() {}

    var values: [Value] { storage.withLock { $0 } }

    func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}
