import Friends
import Items
import KataSupport
import Login

/// The root, with value scopes: it replaces `userScope` at each sign-in and clears it at
/// sign-out; the flow gets closures built here rather than the root's own methods.
@MainActor
final class AppComposer {
    let app: AppScope
    private(set) var userScope: UserScope?
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport(), analytics: any AnalyticsSink = NoAnalytics()) {
        app = AppScope(transport: transport, analytics: analytics)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        let client = app.client
        return AppFlow(
            navigator: navigator,
            makeLogin: { LoginViewModel(authenticate: client.authenticate, onSignedIn: $0) },
            makeItems: { [app] session in
                let scope = UserScope(app: app, session: session)
                self.userScope = scope
                return scope.makeItemList()
            })
    }

    func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    func signOut() {
        userScope = nil
        flow?.signOut()
    }

    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
