import APIClient
import Foundation
import Friends
import KataSupport
import Testing

@MainActor
@Test func reloadGetsFriendsAndDecodesThem() async throws {
    let server = RecordingTransport.shelf()
    let friends = FriendListViewModel(session: Session(token: "token-ada", userName: "ada"))
    friends.client = stagingClient(server)

    let leaks = await productionRequests {
        await friends.reload()
    }

    try Expect.require(
        leaks.isEmpty,
        "reload() reached the production server (\(describe(leaks))) although the test had set friends.client.")
    let sent = server.requests
    try Expect.require(sent.count == 1, "reload() should send one request; it sent \(describe(sent)).")
    Expect.that(
        sent[0].summary == "GET /friends" && sent[0].body == nil,
        "reload() sent \(describe(sent[0])); expected GET /friends without a body.")
    if let problem = headerProblem(sent[0], token: "token-ada") {
        Expect.fail("The friends request's headers changed: \(problem).")
    }
    guard case .loaded(let people) = friends.state else {
        Expect.fail("The server answered with the fixture friends, but the screen shows \(friends.state).")
        return
    }
    Expect.that(
        people.map(\.name) == ["Grace Hopper", "Alan Turing"] && people.map(\.sharedItems) == [4, 0],
        "The screen should show the fixture friends (Grace Hopper with 4 books in common, Alan Turing with 0); it shows \(people).")
}
