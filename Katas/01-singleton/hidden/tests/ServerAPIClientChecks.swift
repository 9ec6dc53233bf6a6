import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Testing

@Test func stagingClientUsesItsOwnServerAndTransport() async throws {
    let transport = RecordingTransport.shelf(user: "grace")
    let client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let (log, result) = await withTripwire {
        let session = try await client.signIn(user: "grace", password: "pw")
        let items = try await client.fetchItems(token: session.token)
        return (session, items)
    }

    guard log.requests.isEmpty else {
        Expect.fail(
            "A client made with ServerAPIClient(baseURL:transport:) reached the production server anyway: \(describe(log.requests)). It should send through the transport it was given.")
        return
    }
    let sent = transport.requests
    Expect.that(
        sent.map(\.summary) == ["POST /session", "GET /items"],
        "The transport given to ServerAPIClient(baseURL:transport:) should have seen POST /session and GET /items; it saw \(describe(sent)).")
    let hosts = Set(sent.map { $0.headers["Host"] ?? "(none)" })
    Expect.that(
        hosts == ["staging.shelf.example"],
        "A client made for https://staging.shelf.example sent its requests to Host \(hosts.sorted().joined(separator: ", ")).")
    let (session, items) = try result.get()
    Expect.that(session.userName == "grace", "Signing in through the staging transport should give that server's session.")
    Expect.that(items.map(\.title) == Fixtures.titles, "Loading the shelf through the staging transport should give that server's books.")
}

@Test func sharedStaysTheProductionDefault() async {
    let first = ServerAPIClient.shared
    Expect.that(first === ServerAPIClient.shared, "Reading `ServerAPIClient.shared` twice gave two different clients.")

    let staging = ServerAPIClient(baseURL: stagingURL, transport: RecordingTransport.shelf())
    Expect.that(staging !== ServerAPIClient.shared, "A client made with the initializer turned out to be `shared` itself.")

    let (log, _) = await withTripwire {
        try await ServerAPIClient.shared.signIn(user: "ada", password: "pw")
    }
    Expect.that(
        log.requests.map(\.summary) == ["POST /session"],
        "`shared.signIn(user:password:)` should reach the production server (the tripwire) once with POST /session; it sent \(describe(log.requests)) there.")
    Expect.that(
        log.requests.first?.headers["Host"] == "api.shelf.example",
        "`shared` should talk to https://api.shelf.example; its request went to Host \(log.requests.first?.headers["Host"] ?? "(none)").")
}
