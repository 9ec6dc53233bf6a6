import KataSupport

/// Runs `body` with no tripwire log bound, whatever check is running: production calls made
/// inside leave no trace in the log the check reads afterwards.
public func unwatched<Value: Sendable>(_ body: () async -> Value) async -> Value {
    await Tripwire.$log.withValue(nil) { await body() }
}
