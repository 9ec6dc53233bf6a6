import APIClient
import Foundation
import Friends
import Items
import KataSupport
import Login

/// Shelf's composition root: the one place that knows every module and builds the object
/// graph. Building only stores dependencies; nothing reaches the server until a screen asks.
/// It owns what it starts: the flow lives as long as the root.
@MainActor
final class AppComposer {
    private let client: ServerAPIClient
    private let store: ShelfStore
    private let log: any LogSink
    private var flow: AppFlow?

    /// Production uses the default transport, a fresh store and the console; tests pass their own.
    init(
        transport: any Transport = TripwireTransport(), store: ShelfStore = ShelfStore(),
        log: any LogSink = ConsoleLog()
    ) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.store = store
        self.log = log
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, makeLogin: makeLoginViewModel, makeItems: makeItemListViewModel)
    }

    /// Starts Shelf on `navigator` and keeps its flow, so the flow is still there to push the
    /// shelf once someone signs in.
    func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: client.authenticate, onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        // Logging(Fallback(Caching(Remote), Saved)): one log line per load, whoever answered.
        let remote = ServerItemsLoader(client: client, token: session.token)
        return ItemListViewModel(loader: LoggingItemsLoader(base: CachingItemsLoader(base: remote, cache: store), log: log))
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
