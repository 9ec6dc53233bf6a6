@testable import App
import ItemDetail
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

/// Remembers every screen the flow shows or pushes, details included.
@MainActor
final class RecordingNavigator: Navigator {
    private(set) var shown: [Screen] = []
    private(set) var pushed: [Screen] = []
    private(set) var details: [ItemDetailViewModel] = []

    func show(_ screen: Screen) { shown.append(screen) }
    func push(_ screen: Screen) { pushed.append(screen) }
    func push(detail: ItemDetailViewModel) { details.append(detail) }

    var login: LoginViewModel? {
        (shown + pushed).compactMap { if case .login(let viewModel) = $0 { viewModel } else { nil } }.last
    }

    var shelf: ItemListViewModel? {
        (shown + pushed).compactMap { if case .items(let viewModel) = $0 { viewModel } else { nil } }.last
    }
}

/// A fake v2 server that signs grace in, lists the three fixture books and draws a cover for
/// each of them ("[cover 1]" and so on).
func coverServer() -> RecordingTransport {
    let transport = RecordingTransport([
        "/v2/session": Fixtures.sessionV2(user: "grace"),
        "/v2/items": Fixtures.itemsV2,
    ])
    for id in 1...3 {
        transport.respond(to: "/v2/items/\(id)/cover", with: .json(#"{"ascii": "[cover \#(id)]"}"#))
    }
    return transport
}

/// Counts how often the root asks for a new image cache.
@MainActor
final class CacheFactorySpy {
    private(set) var made = 0

    func make() -> ImageCache {
        made += 1
        return ImageCache()
    }
}

/// Shelf composed by `AppComposer` on `coverServer()`, with the cache factory spied on.
@MainActor
final class DetailHarness {
    let transport = coverServer()
    let navigator = RecordingNavigator()
    let caches: CacheFactorySpy
    let composer: AppComposer

    init() {
        let caches = CacheFactorySpy()
        self.caches = caches
        composer = AppComposer(transport: transport, makeImageCache: { caches.make() })
    }

    /// Starts the root, signs grace in and loads her shelf.
    func signInAndLoad() async {
        composer.start(navigator: navigator)
        guard let login = navigator.login else {
            Issue.record("start(navigator:) should show the sign-in screen; it showed nothing the check recognises.")
            return
        }
        login.user = "grace"
        login.password = "pw"
        await login.signIn()
        guard let shelf = navigator.shelf else {
            Issue.record("After signing in, the flow should push the shelf; it did not.")
            return
        }
        await shelf.reload()
    }

    /// Picks the book with `id` on the shelf and loads the detail that was pushed for it.
    func open(_ id: Int) async -> ItemDetailViewModel? {
        guard let shelf = navigator.shelf, case .loaded(let items) = shelf.state,
            let item = items.first(where: { $0.id == id })
        else {
            Issue.record("The shelf did not list book \(id); its state is \(String(describing: navigator.shelf?.state)).")
            return nil
        }
        let before = navigator.details.count
        shelf.select(item)
        guard navigator.details.count == before + 1, let detail = navigator.details.last else {
            Issue.record(
                "Selecting book \(id) should push one detail; \(navigator.details.count - before) were pushed.")
            return nil
        }
        await detail.load()
        return detail
    }

    func coverRequests(_ id: Int) -> Int {
        transport.requests.filter { $0.path == "/v2/items/\(id)/cover" }.count
    }
}

/// Runs `body` with the tripwire armed and returns what reached the production transport.
@MainActor
func reachedProduction(_ body: () async -> Void) async -> [String] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.requests.map(\.summary)
}
