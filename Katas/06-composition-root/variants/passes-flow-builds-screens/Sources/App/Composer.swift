import APIClient
import Items
import KataSupport
import Login

/// Shelf's composition root. It owns the one client and makes the two adapters from it; the
/// flow it returns builds the screens on top of them. Nothing here sends a request.
struct AppComposer {
    private let client: ServerAPIClient
    /// The flow this root started: the root owns it, since the sign-in screen holds it weakly.
    private var flow: AppFlow?

    /// `AppComposer()` is the production app; tests hand in their own transport.
    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: ServerAPIClient.productionURL, transport: transport)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(
            navigator: navigator,
            authenticate: serverAuthenticate(client),
            itemsLoader: serverItemsLoaders(client))
    }

    /// Starts a flow on `navigator` and keeps it.
    mutating func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    /// Where the launch closure hands over: the app's screens go to `terminal`.
    mutating func start(in terminal: Terminal) {
        start(navigator: ConsoleNavigator(terminal: terminal))
    }
}

/// The sign-in adapter on top of `client`.
func serverAuthenticate(_ client: ServerAPIClient) -> Authenticate {
    signInAdapter { dto, completion in client.postSession(dto, completion: completion) }
}

/// The list adapter for any session, on top of `client`.
func serverItemsLoaders(_ client: ServerAPIClient) -> (Session) -> any ItemsLoader {
    let fetch: FetchItems = { token, completion in client.getItems(token: token, completion: completion) }
    return { session in SessionItemsLoader(token: session.token, fetch: fetch) }
}
