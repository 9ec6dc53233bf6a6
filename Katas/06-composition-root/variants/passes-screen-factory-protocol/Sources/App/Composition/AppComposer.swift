import APIClient
import Items
import KataSupport
import Login

/// Shelf's composition root: it owns the app's one client and builds everything else on top of
/// it. Building only stores references; nothing reaches the server until a screen asks.
final class AppComposer {
    private let client: ServerAPIClient

    /// `AppComposer()` is the production app; tests hand in their own transport.
    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: ServerAPIClient.productionURL, transport: transport)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, screens: self)
    }

    /// Where `main.swift` hands over. Only the launcher has a token, so this stays one line.
    func run(_ token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }

    /// Nothing to keep: the flow is a value, and the sign-in screen's callback holds what the
    /// push needs (this factory, and the navigator, which the window keeps).
    func start(navigator: any Navigator) {
        makeFlow(navigator: navigator).start()
    }
}

extension AppComposer: ScreenFactory {
    func signInScreen(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: SessionAuthenticator(client: client).authenticate, onSignedIn: onSignedIn)
    }

    func listScreen(for session: Session) -> ItemListViewModel {
        ItemListViewModel(loader: TokenItemsLoader(client: client, token: session.token))
    }
}
