import APIClient
import Foundation
import Items
import KataSupport
import Testing

@MainActor
@Test func reloadGetsItemsAndDecodesThem() async throws {
    let server = RecordingTransport.shelf()
    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    shelf.client = stagingClient(server)

    let leaks = await productionRequests {
        await shelf.reload()
    }

    try Expect.require(
        leaks.isEmpty,
        "reload() reached the production server (\(describe(leaks))) although the test had set shelf.client.")
    let sent = server.requests
    try Expect.require(sent.count == 1, "reload() should send one request; it sent \(describe(sent)).")
    Expect.that(
        sent[0].summary == "GET /items" && sent[0].body == nil,
        "reload() sent \(describe(sent[0])); expected GET /items without a body.")
    if let problem = headerProblem(sent[0], token: "token-ada") {
        Expect.fail("The items request's headers changed: \(problem).")
    }
    guard case .loaded(let items) = shelf.state else {
        Expect.fail("The server answered with the fixture shelf, but the screen shows \(shelf.state).")
        return
    }
    Expect.that(
        items.map(\.title) == Fixtures.titles && items.map(\.id) == [1, 2, 3]
            && items[1].author == "Susanna Clarke",
        "The screen should show the three fixture books with their ids and authors; it shows \(items).")
}
