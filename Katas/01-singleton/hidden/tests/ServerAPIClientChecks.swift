import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Testing

@Test func stagingClientUsesItsOwnServerAndTransport() async throws {
    let transport = RecordingTransport.shelf(user: "grace")
    let client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let (log, result) = await withTripwire {
        try await client.signIn(user: "grace", password: "pw", installationID: "install-1")
    }

    guard log.hits.isEmpty, let request = transport.requests.first else {
        Issue.record(
            "A client made with its own transport did not send through it: the transport it was given saw \(transport.requests.count) requests, the production tripwire \(log.hits.count).")
        return
    }
    #expect(
        request.headers["Host"] == "staging.shelf.example",
        "A client made for https://staging.shelf.example sent its request to Host \(request.headers["Host"] ?? "(none)").")
    let session = try result.get()
    #expect(session.userName == "grace", "Signing in through the staging transport should give that server's session.")
}

@Test func sharedStaysTheProductionDefault() async {
    let first = ServerAPIClient.shared
    #expect(first === ServerAPIClient.shared, "Reading `ServerAPIClient.shared` twice gave two different clients.")

    let staging = ServerAPIClient(baseURL: stagingURL, transport: RecordingTransport.shelf())
    #expect(staging !== ServerAPIClient.shared, "A client made with the initializer turned out to be `shared` itself.")

    let (log, _) = await withTripwire {
        try await ServerAPIClient.shared.signIn(user: "ada", password: "pw", installationID: "install-1")
    }
    #expect(
        log.requests.count == 1,
        "`shared` should still send through the production transport (the tripwire); it reached it \(log.requests.count) times instead of once.")
    #expect(
        log.requests.first?.headers["Host"] == "api.shelf.example",
        "`shared` should talk to https://api.shelf.example; its request went to Host \(log.requests.first?.headers["Host"] ?? "(none)").")
}
