import APIClient
import Items
@_spi(Checks) import KataSupport
import Testing

@Test func reloadAndRefreshUseInjectedClient() async throws {
    let shelf = [
        Item(id: 1, title: "Dune", isFavorite: true),
        Item(id: 2, title: "Solaris", isFavorite: false),
    ]
    let stub = StubClient(shelf: shelf)
    let screen = ItemListViewModel()
    screen.client = stub

    let leaks = await productionCalls {
        await screen.reload()
        await screen.refresh()
    }

    try #require(leaks.isEmpty, "\(leakReport(leaks, viewModel: "ItemListViewModel"))")
    #expect(
        stub.calls == ["fetchItems", "fetchItems"],
        "reload() and refresh() should each ask the injected client once; it was asked \(stub.calls).")
    #expect(
        screen.items == shelf && screen.status == .loaded && screen.banner == nil,
        "After reload() and refresh() with a stub that answers two items, the screen shows \(screen.items.map(\.title)), status \(screen.status), banner \(screen.banner ?? "none").")
}
