import APIClient
import Foundation
import Items
@_spi(Checks) import KataSupport
import Testing

@Test func reloadGetsItemsAndDecodesThem() async throws {
    let transport = RecordingTransport(responses: ["/items": Fixtures.items])
    let screen = ItemListViewModel()
    screen.client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let leaks = await productionCalls {
        await screen.reload()
    }

    try #require(leaks.isEmpty, "\(leakReport(leaks, screen: "ItemListViewModel"))")
    let sent = transport.requests
    try #require(sent.count == 1, "reload() should send one request; it sent \(describe(sent)).")
    #expect(
        sent[0].method == "GET" && sent[0].path == "/items" && sent[0].body == nil,
        "reload() sent \(describe(sent[0])); expected GET /items without a body.")
    try #require(
        screen.status == .loaded,
        "The server answered with the fixture shelf, but the screen's status is \(screen.status): the answer was not decoded.")
    #expect(
        screen.items.map(\.title) == ["Dune", "Solaris", "Piranesi"]
            && screen.items.map(\.isFavorite) == [true, false, true],
        "The screen should show the fixture shelf (Dune ★, Solaris, Piranesi ★); it shows \(screen.items).")
}
