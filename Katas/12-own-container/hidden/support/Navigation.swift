@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

// Shared by every test file, so a file that does not compile costs only its own checks.

/// Remembers every screen the flow shows or pushes.
@MainActor
final class RecordingNavigator: Navigator {
    private(set) var shown: [Screen] = []
    private(set) var pushed: [Screen] = []

    func show(_ screen: Screen) { shown.append(screen) }
    func push(_ screen: Screen) { pushed.append(screen) }

    /// Every screen it was handed, shown or pushed, oldest first.
    var all: [Screen] { shown + pushed }
}

@MainActor
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
        case .items: "the shelf"
        }
    }
}

@MainActor
func names(_ screens: [Screen]) -> String {
    screens.isEmpty ? "nothing" : screens.map(\.screenName).joined(separator: ", ")
}

/// The fake v2 server most checks use: it signs grace in (display name "Grace", token
/// "token-grace") and lists the three fixture books.
func shelfServer(session: HTTPResponse? = Fixtures.sessionV2(user: "grace"), items: HTTPResponse? = Fixtures.itemsV2)
    -> RecordingTransport
{
    let transport = RecordingTransport()
    if let session { transport.respond(to: "/v2/session", with: session) }
    if let items { transport.respond(to: "/v2/items", with: items) }
    return transport
}

/// The session `shelfServer()` hands out, as the sign-in screen should show it.
let gracesSession = Login.Session(token: "token-grace", userName: "Grace")

/// Types grace/pw on `login` and taps Sign in.
@MainActor
func signInAsGrace(on login: LoginViewModel) async {
    login.user = "grace"
    login.password = "pw"
    await login.signIn()
}
