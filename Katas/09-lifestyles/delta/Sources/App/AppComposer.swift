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
    private let analytics: any AnalyticsSink
    private var flow: AppFlow?

    // Added for sign-out and the remembered shelf: one of each for the whole run.
    private var session: Session?
    private let repository = ItemsRepository()
    private var tracker: ShelfTracker?

    /// Production uses the default transport and drops analytics; tests pass their own.
    init(transport: any Transport = TripwireTransport(), analytics: any AnalyticsSink = NoAnalytics()) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.analytics = analytics
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

    /// Forgets who was signed in and shows the sign-in screen again.
    func signOut() {
        session = nil
        flow?.signOut()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: client.authenticate, onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        self.session = session
        repository.loader = ServerItemsLoader(client: client, token: session.token)
        if tracker == nil { tracker = ShelfTracker(user: session.userName, sink: analytics) }
        tracker?.shelfOpened()
        return ItemListViewModel(loader: repository)
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
