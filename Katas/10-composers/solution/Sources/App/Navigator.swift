import ItemDetail
import Items
import Login

/// A screen Shelf can put in front of the user.
@MainActor
enum Screen {
    case login(LoginViewModel)
    case items(ItemListViewModel)

    /// The screen as text.
    var lines: [String] {
        switch self {
        case .login(let viewModel): viewModel.lines
        case .items(let viewModel): viewModel.lines
        }
    }
}

/// Puts screens in front of the user. The app prints them; tests record them.
@MainActor
protocol Navigator: AnyObject {
    /// Replaces whatever is on screen with `screen` (used for the first screen).
    func show(_ screen: Screen)
    /// Puts `screen` on top of the current one.
    func push(_ screen: Screen)
    /// Puts a book's detail on top of the current screen. Every navigator says where a detail
    /// goes: with no default, one that forgets does not compile, instead of dropping details.
    func push(detail: ItemDetailViewModel)
}
