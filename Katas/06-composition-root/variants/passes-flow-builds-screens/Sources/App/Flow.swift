import Items
import Login

/// Decides which screen comes next, and builds each screen when it is needed from the two
/// adapters it was given. The features only report what happened; the flow reacts.
final class AppFlow {
    private let navigator: any Navigator
    private let authenticate: Authenticate
    private let itemsLoader: (Session) -> any ItemsLoader

    /// Only stores its collaborators: no screen exists until `start()`.
    init(
        navigator: any Navigator,
        authenticate: @escaping Authenticate,
        itemsLoader: @escaping (Session) -> any ItemsLoader
    ) {
        self.navigator = navigator
        self.authenticate = authenticate
        self.itemsLoader = itemsLoader
    }

    /// Shows the sign-in screen, and nothing else.
    func start() {
        let signIn = LoginViewModel(authenticate: authenticate, onSignedIn: { [weak self] session in
            self?.didSignIn(session)
        })
        navigator.show(.login(signIn))
    }

    /// Puts the signed-in user's list on top. The list loads when someone calls `reload()`.
    private func didSignIn(_ session: Session) {
        navigator.push(.items(ItemListViewModel(loader: itemsLoader(session))))
    }
}
