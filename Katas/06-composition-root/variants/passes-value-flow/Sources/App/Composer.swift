import APIClient
import Foundation
import Items
import KataSupport
import Login

/// Builds Shelf. The flow it starts is a value that its sign-in callback carries along, so
/// nothing has to be kept here but the client.
@MainActor
final class AppComposer {
    private let client: ServerAPIClient

    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        let client = client
        return AppFlow(
            navigator: navigator,
            makeLogin: { LoginViewModel(authenticate: V2SignIn(client: client).authenticate, onSignedIn: $0) },
            makeItems: { ItemListViewModel(loader: V2Shelf(client: client, token: $0.token)) })
    }

    func start(navigator: any Navigator) {
        makeFlow(navigator: navigator).start()
    }

    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}

/// Sign-in, then the shelf.
@MainActor
struct AppFlow {
    let navigator: any Navigator
    let makeLogin: (@escaping (Session) -> Void) -> LoginViewModel
    let makeItems: (Session) -> ItemListViewModel

    func start() {
        let navigator = navigator
        let makeItems = makeItems
        navigator.show(.login(makeLogin { navigator.push(.items(makeItems($0))) }))
    }
}
