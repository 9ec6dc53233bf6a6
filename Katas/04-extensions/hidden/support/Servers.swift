import APIClient
import Foundation
@_spi(Checks) import KataSupport

/// Where the checks' own servers pretend to live.
let stagingURL = URL(string: "https://staging.shelf.example")!

/// A client for the checks' own fake server.
func stagingClient(_ server: RecordingTransport) -> ServerAPIClient {
    ServerAPIClient(baseURL: stagingURL, transport: server)
}

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

/// `POST /session {"user":"ada",…}`, for messages.
func describe(_ request: HTTPRequest) -> String {
    guard let body = request.body else { return "\(request.summary) (no body)" }
    return "\(request.summary) \(String(decoding: body, as: UTF8.self))"
}

func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map { describe($0) }.joined(separator: ", ")
}

/// What is wrong with the headers every request of the app carries, or nil.
func headerProblem(_ request: HTTPRequest, token: String?) -> String? {
    var problems: [String] = []
    if request.headers["Host"] != "staging.shelf.example" {
        problems.append("Host is \(request.headers["Host"] ?? "missing"), not the client's server staging.shelf.example")
    }
    if request.headers["X-Launch-ID"] != LaunchID.shared.value {
        problems.append("X-Launch-ID is \(request.headers["X-Launch-ID"] ?? "missing"), not LaunchID.shared.value")
    }
    let authorization = request.headers["Authorization"]
    if let token, authorization != "Bearer \(token)" {
        problems.append("Authorization is \(authorization ?? "missing"), not \"Bearer \(token)\"")
    }
    if token == nil, let authorization {
        problems.append("it carries Authorization \(authorization) although no token was given")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
}
