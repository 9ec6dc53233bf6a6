import APIClient
import Foundation
import KataSupport
import Login

/// Shelf's composition root, made of value composers built up front: they only hold the
/// client, and the one thing worth delaying (the covers' cache) waits in a lazy box.
@MainActor
final class AppComposer {
    private let client: ServerAPIClient
    private let items: ItemsComposer
    private let details: DetailComposer
    let friends: FriendsComposer
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport(), makeImageCache: @escaping () -> ImageCache = ImageCache.init) {
        let client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.client = client
        items = ItemsComposer(client: client)
        details = DetailComposer(client: client, imageCache: Lazily(makeImageCache))
        friends = FriendsComposer(client: client)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(
            navigator: navigator, makeLogin: makeLoginViewModel, makeItems: items.makeItemListViewModel,
            makeDetail: details.makeItemDetailViewModel)
    }

    func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: client.authenticate, onSignedIn: onSignedIn)
    }

    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
