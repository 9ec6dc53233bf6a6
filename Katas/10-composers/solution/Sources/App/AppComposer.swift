import APIClient
import Foundation
import KataSupport
import Login

/// Shelf's composition root: the one place that knows every module and builds the object
/// graph. It keeps what the whole app shares (the client) and hands each feature's screens to
/// that feature's composer, which it makes the first time the feature is needed.
/// It owns what it starts: the flow lives as long as the root.
@MainActor
final class AppComposer {
    private let client: ServerAPIClient
    private let makeImageCache: () -> ImageCache
    private var flow: AppFlow?

    private lazy var items = ItemsComposer(client: client)
    private lazy var details = DetailComposer(client: client, makeImageCache: makeImageCache)
    private(set) lazy var friends = FriendsComposer(client: client)

    /// Production uses the default transport and a fresh cache; tests pass their own.
    init(transport: any Transport = TripwireTransport(), makeImageCache: @escaping () -> ImageCache = ImageCache.init) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.makeImageCache = makeImageCache
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(
            navigator: navigator,
            makeLogin: makeLoginViewModel,
            makeItems: items.makeItemListViewModel,
            makeDetail: details.makeItemDetailViewModel)
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

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
