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

    /// Production uses the default transport; tests pass their own.
    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
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

    /// Reads the task's dependency values once, now, and hands them to the screen: a screen
    /// reloaded later, from another task, still has the clock and the log it was built with.
    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        let dependencies = ShelfDependencies.current
        let loader = ServerItemsLoader(client: client, token: session.token)
        return ItemListViewModel(loader: LoggingItemsLoader(base: loader, log: dependencies.log), clock: dependencies.now)
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
