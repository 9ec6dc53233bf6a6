@testable import App
import Items
import Login

// Shared by every test file, so a file that does not compile costs only its own checks.

/// Remembers every screen the flow shows or pushes.
final class RecordingNavigator: Navigator {
    private(set) var shown: [Screen] = []
    private(set) var pushed: [Screen] = []

    func show(_ screen: Screen) { shown.append(screen) }
    func push(_ screen: Screen) { pushed.append(screen) }
}

extension Screen {
    var loginScreen: LoginViewModel? {
        if case .login(let viewModel) = self { viewModel } else { nil }
    }

    var listScreen: ItemListViewModel? {
        if case .items(let viewModel) = self { viewModel } else { nil }
    }

    var screenName: String {
        switch self {
        case .login: "the sign-in screen"
        case .items: "the list screen"
        }
    }
}
