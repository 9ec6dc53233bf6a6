import APIClient
import Ambient
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
    private var flow: AppFlow?
    /// The clock and the log of the task that made this root, read once.
    private let dependencies: ShelfDependencies

    /// Production uses the default transport and the task's values; tests pass their own.
    init(transport: any Transport = TripwireTransport(), dependencies: ShelfDependencies = .current) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.dependencies = dependencies
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
        let server = ServerItemsLoader(client: client, token: session.token)
        let log = dependencies.log
        let loader = ObservedItemsLoader(
            load: { () async throws(ItemsError) -> [Item] in try await server.loadItems() },
            loaded: { items in log("shelf: \(items.count) books") })
        return ItemListViewModel(loader: loader, now: dependencies.now)
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
