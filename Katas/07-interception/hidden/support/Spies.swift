@testable import App
import Items
import Synchronization
import Testing

// Doubles that record what the interceptors do. Loaders live in the test files: on a package
// whose ItemsLoader asks for more than loadItems, they cannot compile, and support must.

/// Remembers every log line.
final class LogSpy: LogSink {
    private let written = Mutex<[String]>([])

    func write(_ line: String) { written.withLock { $0.append(line) } }

    var lines: [String] { written.withLock { $0 } }
}

struct SaveFailed: Error {}

/// Remembers every list it was asked to save; with `failing`, each save throws afterwards.
final class CacheSpy: ItemsCache {
    let failing: Bool
    private let saved = Mutex<[[Item]]>([])

    init(failing: Bool = false) { self.failing = failing }

    func save(_ items: [Item]) async throws {
        saved.withLock { $0.append(items) }
        if failing { throw SaveFailed() }
    }

    var saves: [[Item]] { saved.withLock { $0 } }
}

let shelfItems = [
    Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
    Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
    Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
]

/// Launches Shelf through `composer` on a recording navigator, signs grace in and returns the
/// shelf the flow pushed (not loaded yet).
@MainActor
func signedInShelf(_ composer: AppComposer) async -> ItemListViewModel? {
    let navigator = RecordingNavigator()
    let flow = composer.makeFlow(navigator: navigator)
    flow.start()
    guard let login = navigator.all.compactMap(\.loginScreen).last else {
        Issue.record("After start() the flow should show the sign-in screen; it showed \(names(navigator.shown)).")
        return nil
    }
    await signInAsGrace(on: login)
    guard let shelf = navigator.all.compactMap(\.listScreen).last else {
        Issue.record("Signing in should push the shelf; the flow showed \(names(navigator.all)).")
        return nil
    }
    // The flow is dropped here on purpose: the shelf keeps what it needs.
    _ = flow
    return shelf
}
