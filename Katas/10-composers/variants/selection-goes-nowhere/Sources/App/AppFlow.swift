import ItemDetail
import Items
import Login

/// Decides which screen comes next. The features only report what happened (`onSignedIn`,
/// `onSelect`); the flow, which may know them all, reacts.
@MainActor
final class AppFlow {
    private let navigator: any Navigator
    private let makeLogin: (@escaping (Session) -> Void) -> LoginViewModel
    private let makeItems: (Session, @escaping (Item) -> Void) -> ItemListViewModel
    private let makeDetail: (Item) -> ItemDetailViewModel

    init(
        navigator: any Navigator,
        makeLogin: @escaping (@escaping (Session) -> Void) -> LoginViewModel,
        makeItems: @escaping (Session, @escaping (Item) -> Void) -> ItemListViewModel,
        makeDetail: @escaping (Item) -> ItemDetailViewModel
    ) {
        self.navigator = navigator
        self.makeLogin = makeLogin
        self.makeItems = makeItems
        self.makeDetail = makeDetail
    }

    /// Shows the sign-in screen.
    func start() {
        let login = makeLogin { [weak self] session in
            self?.showItems(for: session)
        }
        navigator.show(.login(login))
    }

    private func showItems(for session: Session) {
        let items = makeItems(session) { _ in
            // Nobody listens to picks yet.
        }
        navigator.push(.items(items))
    }
}
