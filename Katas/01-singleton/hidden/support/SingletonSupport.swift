import Foundation
@_spi(Checks) import KataSupport

/// The host every check's "staging" client talks to.
let stagingURL = URL(string: "https://staging.shelf.example")!

/// Runs `body` with a fresh tripwire log bound, and returns the log with what `body` gave back
/// (or threw), so a check can look at the log first and the result second.
func withTripwire<Value>(
    _ body: () async throws -> Value
) async -> (log: TripwireLog, result: Result<Value, any Error>) {
    let log = TripwireLog()
    let result: Result<Value, any Error> = await Tripwire.logBinding.withValue(log) {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
    return (log, result)
}

/// "signIn() (Login/LoginViewModel.swift:22), reload() (…)" for failure messages.
func describe(_ sites: [CallSite]) -> String {
    sites.map(\.description).joined(separator: ", ")
}
