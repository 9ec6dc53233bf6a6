import APIClient
import Items
import KataSupport
import Testing

@MainActor
@Test func reloadUsesInjectedClient() async throws {
    let server = RecordingTransport.shelf()
    let shelf = ItemListViewModel(session: adaSession)
    shelf.client = stagingClient(server)

    let leaks = await productionRequests {
        await shelf.reload()
    }

    try Expect.require(
        leaks.isEmpty,
        "reload() reached the production server (\(describe(leaks))) although the test had set shelf.client: that call does not go through the screen's own client yet.")
    Expect.that(
        server.requests.map(\.summary) == ["GET /items"],
        "reload() should send one request through the client set on the screen; that client received \(describe(server.requests)).")
    Expect.that(
        server.requests.first?.headers["Authorization"] == "Bearer token-ada",
        "reload() should still send the session's token; the request carried \(server.requests.first?.headers["Authorization"] ?? "no Authorization header").")
    guard case .loaded(let items) = shelf.state else {
        Expect.fail("The test's server listed three books, but the screen shows \(shelf.state).")
        return
    }
    Expect.that(items.map(\.title) == Fixtures.titles, "The screen shows \(items.map(\.title)) instead of the server's books.")
}
