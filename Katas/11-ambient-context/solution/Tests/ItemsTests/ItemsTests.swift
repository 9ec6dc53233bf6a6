import Foundation
import Items
import Synchronization
import Testing

/// The shelf screen, tested without a server. Each test brings its own clock, so the tests run
/// in parallel and none of them can change another's time.
@MainActor
struct ItemsTests {
    @Test func theShelfListsWhatTheLoaderGives() async {
        let shelf = ItemListViewModel(
            loader: OnHand([Item(id: 2, title: "Piranesi", author: "Susanna Clarke")]), now: { .distantPast })

        await shelf.reload()

        #expect(shelf.lines == ["Your shelf", "• Piranesi, Susanna Clarke", "Updated just now"])
    }

    @Test func theShelfSaysHowOldItIs() async {
        let clock = FixedClock(Date(timeIntervalSince1970: 1_000_000))
        let shelf = ItemListViewModel(loader: OnHand([]), now: clock.now)

        await shelf.reload()
        clock.advance(by: 5 * 60)

        #expect(shelf.lines.last == "Updated 5 minutes ago")
    }

    @Test func aServerProblemSaysSo() async {
        let shelf = ItemListViewModel(loader: Broken(), now: { .distantPast })

        await shelf.reload()

        #expect(shelf.state == .failed(.serverProblem))
        #expect(shelf.lines.last == "Something went wrong on our side.")
    }
}

/// A clock that only moves when the test moves it.
private final class FixedClock: Sendable {
    private let time: Mutex<Date>
    init(_ start: Date) { time = Mutex(start) }
    func now() -> Date { time.withLock { $0 } }
    func advance(by seconds: TimeInterval) { time.withLock { $0.addTimeInterval(seconds) } }
}

private struct OnHand: ItemsLoader {
    let items: [Item]
    init(_ items: [Item]) { self.items = items }
    func loadItems() async throws(ItemsError) -> [Item] { items }
}

private struct Broken: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { throw .serverProblem }
}
