import Foundation
@_spi(Checks) import KataSupport

/// The server every check's own client talks to.
let stagingURL = URL(string: "https://staging.shelf.example")!

/// Runs `body` with a fresh tripwire log bound, and returns the log with what `body` gave back
/// (or threw), so a check can look at the log first and the result second.
/// It runs on the caller's actor, so a main-actor check can drive its view models inside.
func withTripwire<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Value
) async -> (log: TripwireLog, result: Result<Value, any Error>) {
    let log = TripwireLog()
    let result: Result<Value, any Error> = await Tripwire.logBinding.withValue(log) {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
    return (log, result)
}

/// "POST /session, GET /items" for failure messages.
func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map(\.summary).joined(separator: ", ")
}
