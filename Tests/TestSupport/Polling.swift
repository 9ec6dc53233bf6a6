import Foundation

/// Asks `probe` until it answers or `seconds` pass, and returns its answer (nil when it never
/// answered).
///
/// It always asks once more after the deadline. Under the slow suites' load, a test's task can
/// wait many seconds for a thread after its sleep ends; a loop that checks the clock before it
/// looks would then give up on an answer that arrived long ago. Here the clock only decides
/// whether to keep waiting, never whether to look.
public func poll<Answer>(
    seconds: Double, every interval: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    _ probe: () async throws -> Answer?
) async rethrows -> Answer? {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
    while true {
        if let answer = try await probe() { return answer }
        guard ContinuousClock.now < deadline else { return nil }
        try? await Task.sleep(for: interval)
    }
}

/// Waits until `condition` holds or `seconds` pass; true when it held. Asks once more after the
/// deadline, as ``poll(seconds:every:isolation:_:)`` does.
public func eventually(
    seconds: Double, every interval: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    try await poll(seconds: seconds, every: interval) { try await condition() ? true : nil } ?? false
}
