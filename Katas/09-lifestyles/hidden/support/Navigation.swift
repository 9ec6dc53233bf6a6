@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Synchronization
import Testing

// Shared by every test file, so a file that does not compile costs only its own checks.

/// Keeps only what is on screen, as a real window does: `show` replaces the whole stack and
/// `push` adds to it. A screen that is no longer on screen is no longer held here.
@MainActor
final class StackNavigator: Navigator {
    private(set) var stack: [Screen] = []

    func show(_ screen: Screen) { stack = [screen] }
    func push(_ screen: Screen) { stack.append(screen) }

    /// The sign-in screen on screen, if any.
    var login: LoginViewModel? { stack.compactMap(\.loginScreen).last }
    /// The shelf on screen, if any.
    var shelf: ItemListViewModel? { stack.compactMap(\.listScreen).last }
    var names: String {
        stack.isEmpty ? "nothing" : stack.map(\.screenName).joined(separator: ", ")
    }
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

/// A fake v2 server that signs `user` in (display name capitalised, token "token-<user>") and
/// lists the three fixture books.
func shelfServer(user: String = "grace") -> RecordingTransport {
    let transport = RecordingTransport()
    transport.respond(to: "/v2/session", with: Fixtures.sessionV2(user: user))
    transport.respond(to: "/v2/items", with: Fixtures.itemsV2)
    return transport
}

/// How many times the shelf was asked of the server.
func shelfRequests(_ transport: RecordingTransport) -> Int {
    transport.requests.filter { $0.path == "/v2/items" }.count
}

/// Types `user`/pw on the sign-in screen on `navigator` and taps Sign in.
@MainActor
@discardableResult
func signIn(_ user: String, on navigator: StackNavigator) async -> Bool {
    guard let login = navigator.login else {
        Issue.record("The sign-in screen should be on screen; the navigator has \(navigator.names).")
        return false
    }
    login.user = user
    login.password = "pw"
    await login.signIn()
    return true
}

/// Records every analytics event it is sent.
final class AnalyticsSpy: AnalyticsSink, Sendable {
    private let events = Mutex<[AnalyticsEvent]>([])

    func send(_ event: AnalyticsEvent) { events.withLock { $0.append(event) } }

    var users: [String] { events.withLock { $0.map(\.user) } }
}

/// Holds the root the way main.swift does, for the whole run, and nothing else.
@MainActor
final class RootHolder {
    let composer: AppComposer

    init(_ composer: AppComposer) { self.composer = composer }
}

let shelfBooks = [
    Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
    Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
    Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
]
