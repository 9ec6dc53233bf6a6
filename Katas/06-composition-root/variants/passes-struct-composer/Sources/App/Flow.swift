import Items
import Login

/// Shows sign-in, and the shelf once someone signs in. It builds the screens from the
/// adapters it was given.
@MainActor
final class AppFlow {
    private let navigator: any Navigator
    private let authenticate: Authenticate
    private let shelfLoader: (String) -> any ItemsLoader

    init(navigator: any Navigator, authenticate: @escaping Authenticate, shelfLoader: @escaping (String) -> any ItemsLoader) {
        self.navigator = navigator
        self.authenticate = authenticate
        self.shelfLoader = shelfLoader
    }

    func start() {
        let login = LoginViewModel(authenticate: authenticate) { [weak self] session in
            self?.showShelf(for: session)
        }
        navigator.show(.login(login))
    }

    private func showShelf(for session: Session) {
        navigator.push(.items(ItemListViewModel(loader: shelfLoader(session.token))))
    }
}
