import APIClient
import Items
import KataSupport
import Login

/// Shelf's composition root: the one place that knows every module and builds the object
/// graph. Building only stores dependencies; nothing reaches the server until a screen asks.
struct AppComposer {
    private let client: ServerAPIClient

    /// Production uses the default transport; tests pass their own.
    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: ServerAPIClient.productionURL, transport: transport)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, makeLogin: makeLoginViewModel, makeItems: makeItemListViewModel)
    }

    /// Starts Shelf on `navigator`.
    func start(navigator: any Navigator) {
        makeFlow(navigator: navigator).start()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: serverAuthenticate(client), onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        ItemListViewModel(loader: ServerItemsLoader(client: client, token: session.token))
    }

    /// Untestable on purpose (only the launcher has a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
