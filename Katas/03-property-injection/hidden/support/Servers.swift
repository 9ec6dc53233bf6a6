import APIClient
import Foundation
@_spi(Checks) import KataSupport

/// Where the checks' own servers pretend to live.
let stagingURL = URL(string: "https://staging.shelf.example")!

/// A client for the checks' own fake server.
func stagingClient(_ server: RecordingTransport) -> ServerAPIClient {
    ServerAPIClient(baseURL: stagingURL, transport: server)
}

/// A session for the shelf screens, as sign-in would have made it.
let adaSession = Session(token: "token-ada", userName: "ada")

/// Runs `body` with a fresh tripwire log and returns every request that reached the
/// production transport meanwhile.
@MainActor
func productionRequests(during body: () async -> Void) async -> [HTTPRequest] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.requests
}

/// `POST /session, GET /items`, or `nothing`, for messages.
func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map(\.summary).joined(separator: ", ")
}

/// A server whose shelf holds just `title`.
func shelfServer(holding title: String) -> RecordingTransport {
    RecordingTransport(["/items": .json(#"[{"id": 7, "title": "\#(title)", "author": "Anon"}]"#)])
}
