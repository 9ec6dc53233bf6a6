import APIClient
import Foundation
import Friends
import Items
import KataSupport
import Login

/// Shelf's composition root: the one place that knows every module and builds the object
/// graph. It decides how long each part lives: the app scope for the whole run, a user scope
/// from a sign-in to the sign-out, and a new screen each time one is asked for. It owns what
/// it starts: the flow lives as long as the root.
@MainActor
final class AppComposer {
    let app: AppScope
    /// The signed-in user's scope; `nil` while nobody is signed in.
    private(set) var userScope: UserScope?
    private var flow: AppFlow?

    /// Production uses the default transport and drops analytics; tests pass their own.
    init(transport: any Transport = TripwireTransport(), analytics: any AnalyticsSink = NoAnalytics()) {
        let client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        app = AppScope(client: client, analytics: analytics)
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

    /// Drops everything the signed-in user had and shows the sign-in screen again.
    func signOut() {
        userScope = nil
        flow?.signOut()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: app.client.authenticate, onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        scope(for: session).makeItemList()
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        scope(for: session).makeFriendList()
    }

    /// The scope of the user signed in with `session`: the current one, or a new one.
    private func scope(for session: Session) -> UserScope {
        if let userScope, userScope.session == session { return userScope }
        let scope = UserScope(app: app, session: session)
        userScope = scope
        return scope
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
