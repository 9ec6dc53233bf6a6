import APIClient
import Foundation
import Friends
@_spi(Checks) import KataSupport
import Testing

@Test func reloadGetsFriendsAndDecodesThem() async throws {
    let transport = RecordingTransport(responses: ["/friends": Fixtures.friends])
    let screen = FriendListViewModel()
    screen.client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let leaks = await productionCalls {
        await screen.reload()
    }

    try #require(leaks.isEmpty, "\(leakReport(leaks, screen: "FriendListViewModel"))")
    let sent = transport.requests
    try #require(sent.count == 1, "reload() should send one request; it sent \(describe(sent)).")
    #expect(
        sent[0].method == "GET" && sent[0].path == "/friends" && sent[0].body == nil,
        "reload() sent \(describe(sent[0])); expected GET /friends without a body.")
    try #require(
        screen.status == .loaded,
        "The server answered with the fixture friends, but the screen's status is \(screen.status): the answer was not decoded.")
    #expect(
        screen.friends.map(\.name) == ["Grace Hopper", "Alan Turing"]
            && screen.friends.map(\.sharedItems) == [4, 0],
        "The screen should show the fixture friends (Grace Hopper with 4 shared items, Alan Turing with 0); it shows \(screen.friends).")
}
