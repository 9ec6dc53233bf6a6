import APIClient
import Foundation
import KataSupport
import Login

/// Shelf's composition root: one type, its factories grouped per feature in extensions
/// (AppComposer+Items.swift, AppComposer+Detail.swift), each file its feature's composer.
@MainActor
final class AppComposer {
    let client: ServerAPIClient
    let makeImageCache: () -> ImageCache
    lazy var imageCache = makeImageCache()
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport(), makeImageCache: @escaping () -> ImageCache = ImageCache.init) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.makeImageCache = makeImageCache
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(
            navigator: navigator, makeLogin: makeLoginViewModel, makeItems: makeItemListViewModel,
            makeDetail: makeItemDetailViewModel)
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
