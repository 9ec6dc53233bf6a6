import Items
import Login

/// Decides which screen comes next. The features only report what happened (`onSignedIn`);
/// the flow, which may know them all, reacts.
@MainActor
final class AppFlow {
    private let navigator: any Navigator
    private let makeLogin: (@escaping (Session) -> Void) -> LoginViewModel
    private let makeItems: (Session) -> ItemListViewModel

    init(
        navigator: any Navigator,
        makeLogin: @escaping (@escaping (Session) -> Void) -> LoginViewModel,
        makeItems: @escaping (Session) -> ItemListViewModel
    ) {
        self.navigator = navigator
        self.makeLogin = makeLogin
        self.makeItems = makeItems
    }

    /// Shows the sign-in screen.
    func start() {
        let login = makeLogin { [weak self] session in
            self?.showItems(for: session)
        }
        navigator.show(.login(login))
    }

    private func showItems(for session: Session) {
        navigator.push(.items(makeItems(session)))
    }
}
