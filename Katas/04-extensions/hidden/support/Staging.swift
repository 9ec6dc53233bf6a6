import Foundation
@_spi(Checks) import KataSupport

/// Where the tests pretend to send their requests.
let stagingURL = URL(string: "https://staging.shelf.example")!

/// Runs `body` with a fresh tripwire log and returns every place that reached production
/// networking meanwhile.
func productionCalls(during body: () async -> Void) async -> [CallSite] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.sites
}

/// The failure message for call sites that reached the production client although the
/// screen was given a staging client.
func leakReport(_ sites: [CallSite], screen: String) -> String {
    guard let first = sites.first else { return "" }
    return "\(first) still reaches the production ServerAPIClient (.shared) although the test set a staging client on the \(screen)."
}

/// `POST /session {"user":"ada",…}`, for failure messages.
func describe(_ request: HTTPRequest) -> String {
    guard let body = request.body else { return "\(request.method) \(request.path) (no body)" }
    return "\(request.method) \(request.path) \(String(decoding: body, as: UTF8.self))"
}

func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map { describe($0) }.joined(separator: ", ")
}
