import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Testing

@Test func everyReaderSeesOneLaunchID() async {
    let first = LaunchID.shared.value
    let seen = await withTaskGroup(of: String.self) { group in
        for _ in 0..<200 {
            group.addTask { LaunchID.shared.value }
        }
        var values: Set<String> = []
        for await value in group { values.insert(value) }
        return values
    }

    Expect.that(!first.isEmpty, "`LaunchID.shared.value` is an empty string.")
    let allTheSame = seen == [first]
    Expect.that(
        allTheSame,
        "200 tasks reading `LaunchID.shared.value` at the same time saw \(seen.union([first]).count) different values.")
    Expect.that(LaunchID.shared === LaunchID.shared, "Reading `LaunchID.shared` twice gave two different instances.")
}

/// A client of the check's own and the production client: both belong to this run.
@Test func requestsCarryTheSharedLaunchID() async {
    let transport = RecordingTransport.shelf()
    let (log, _) = await withTripwire {
        _ = try? await ServerAPIClient(baseURL: stagingURL, transport: transport).signIn(user: "ada", password: "pw")
        _ = try? await ServerAPIClient.shared.signIn(user: "ada", password: "pw")
    }
    let expected = LaunchID.shared.value
    let own = transport.requests.first?.headers["X-Launch-ID"] ?? "(none)"
    let production = log.requests.first?.headers["X-Launch-ID"] ?? "(none)"
    Expect.that(
        own == expected,
        "A client made with ServerAPIClient(baseURL:transport:) sent X-Launch-ID \(own), but this run's LaunchID.shared.value is \(expected).")
    Expect.that(
        production == expected,
        "ServerAPIClient.shared sent X-Launch-ID \(production), but this run's LaunchID.shared.value is \(expected).")
}
