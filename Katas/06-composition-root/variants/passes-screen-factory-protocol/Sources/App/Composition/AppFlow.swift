import Items
import Login

/// Builds screens for the flow. The composer plays this role in the app, so the flow never
/// sees a client, a transport or an adapter.
protocol ScreenFactory {
    /// A sign-in screen that calls `onSignedIn` once a sign-in succeeds.
    func signInScreen(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel
    /// The list screen of the user `session` belongs to.
    func listScreen(for session: Session) -> ItemListViewModel
}

/// Decides which screen comes next. The features only report what happened; the flow, which
/// may know them all, reacts.
///
/// A value: it is nothing more than a navigator and a factory. The sign-in screen's callback
/// holds the navigator weakly, so whoever keeps the flow keeps the navigator, and a navigator
/// that records its screens never keeps itself alive through one of them.
struct AppFlow {
    let navigator: any Navigator
    let screens: any ScreenFactory

    /// Shows the sign-in screen, and nothing else.
    func start() {
        let screens = self.screens
        let signIn = screens.signInScreen { [weak navigator] session in
            navigator?.push(.items(screens.listScreen(for: session)))
        }
        navigator.show(.login(signIn))
    }
}
