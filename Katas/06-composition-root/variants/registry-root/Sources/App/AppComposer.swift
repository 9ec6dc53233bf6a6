import APIClient
import Items
import KataSupport
import Login
import Synchronization

/// Where the parts of the app find the client: filled in by whoever builds a root.
final class ServiceRegistry: Sendable {
    private let current = Mutex<ServerAPIClient?>(nil)

    func register(_ client: ServerAPIClient) { current.withLock { $0 = client } }
    var client: ServerAPIClient {
        current.withLock { $0 } ?? ServerAPIClient(baseURL: ServerAPIClient.productionURL, transport: TripwireTransport())
    }
}

/// One registry for the whole process.
let services = ServiceRegistry()

/// A "composition root" that registers the client instead of handing it over: every factory
/// looks it up, so the root built last decides for all of them.
struct AppComposer {
    init(transport: any Transport = TripwireTransport()) {
        services.register(ServerAPIClient(baseURL: ServerAPIClient.productionURL, transport: transport))
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, makeLogin: makeLoginViewModel, makeItems: makeItemListViewModel)
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: { credentials, completion in
            serverAuthenticate(services.client)(credentials, completion)
        }, onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        ItemListViewModel(loader: ServerItemsLoader(client: services.client, token: session.token))
    }

    /// Untestable on purpose (only the launcher has a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        makeFlow(navigator: ConsoleNavigator(terminal: token.terminal)).start()
    }
}
