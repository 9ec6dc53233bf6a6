import Ambient
import Foundation
import Items
import Testing

/// The shelf screen, tested without a server. The clock is `Clock.now`, which every test in
/// this process shares: the tests that set it run one at a time, and put it back afterwards.
@MainActor
@Suite(.serialized)
struct ItemsTests {
    @Test func theShelfListsWhatTheLoaderGives() async {
        let shelf = ItemListViewModel(loader: OnHand([Item(id: 2, title: "Piranesi", author: "Susanna Clarke")]))

        await shelf.reload()

        #expect(shelf.lines == ["Your shelf", "• Piranesi, Susanna Clarke", "Updated just now"])
    }

    @Test func theShelfSaysHowOldItIs() async {
        let loaded = Date(timeIntervalSince1970: 1_000_000)
        Clock.now = { loaded }
        defer { Clock.now = { Date() } }
        let shelf = ItemListViewModel(loader: OnHand([]))

        await shelf.reload()
        Clock.now = { loaded.addingTimeInterval(5 * 60) }

        #expect(shelf.lines.last == "Updated 5 minutes ago")
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
