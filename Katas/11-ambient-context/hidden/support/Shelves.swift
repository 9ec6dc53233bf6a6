@testable import App
import Ambient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// A loader with three books on hand, answering after one suspension, as a server would.
struct ThreeBooks: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] {
        await Task.yield()
        return [
            Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
            Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
            Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
        ]
    }
}

/// Builds a shelf screen through a fresh root, whose fake server knows the v2 shelf.
@MainActor
func shelfFromTheRoot() -> ItemListViewModel {
    let composer = AppComposer(transport: RecordingTransport(["/v2/items": Fixtures.itemsV2]))
    return composer.makeItemListViewModel(for: Session(token: "token-ada", userName: "Ada"))
}

/// Dependency values that fail loudly, with `now` and `log` replaced.
func boundValues(now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) -> ShelfDependencies {
    var values = ShelfDependencies.failing { message in
        Issue.record(Comment(rawValue: "A dependency the check did not bind was used: \(message)"))
    }
    values.now = now
    values.log = log
    return values
}
