import Items
import Testing

/// The shelf screen, tested the way Friends is: no server, no APIClient (this test target
/// depends on Items alone). The list needs nothing it does not use.
@MainActor
struct ItemsTests {
    @Test func theShelfListsWhatTheLoaderGives() async {
        let shelf = ItemListViewModel(
            loader: OnHand([Item(id: 2, title: "Piranesi", author: "Susanna Clarke")]))

        await shelf.reload()

        #expect(shelf.lines == ["Your shelf", "• Piranesi, Susanna Clarke"])
    }

    @Test func aServerProblemSaysSo() async {
        let shelf = ItemListViewModel(loader: Broken())

        await shelf.reload()

        #expect(shelf.state == .failed(.serverProblem))
        #expect(shelf.lines.last == "Something went wrong on our side.")
    }
}

private struct OnHand: ItemsLoader {
    let items: [Item]
    init(_ items: [Item]) { self.items = items }
    func loadItems() async throws(ItemsError) -> [Item] { items }
}

private struct Broken: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { throw .serverProblem }
}
