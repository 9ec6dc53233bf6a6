import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Login

/// A client for a fake server that signs `user` in, and the transport behind it, so a check
/// can see what was sent.
func stubClient(user: String) -> (client: ServerAPIClient, transport: RecordingTransport) {
    let transport = RecordingTransport.shelf(user: user)
    return (ServerAPIClient(baseURL: URL(string: "https://\(user).stub.example")!, transport: transport), transport)
}

/// Runs `body` on the caller's actor with a fresh tripwire log bound, and returns the log.
func tripwireLog(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async -> TripwireLog {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) { await body() }
    return log
}

/// "signIn() reached the production server: POST /session" for failure messages.
func reachedProduction(_ action: String, _ log: TripwireLog) -> String {
    "\(action) reached the production server: \(log.requests.map(\.summary).joined(separator: ", "))"
}

/// The user a sign-in screen ended up signed in as, if any.
func signedInUser(_ state: LoginViewModel.State) -> String? {
    if case .signedIn(let session) = state { return session.userName }
    return nil
}

/// A sign-in screen with credentials typed in.
@MainActor
func loginScreen(user: String) -> LoginViewModel {
    let login = LoginViewModel()
    login.user = user
    login.password = "pw"
    return login
}

/// The books every fake server lists, as the app decodes them.
func fixtureItems() -> [Item] {
    (try? JSONDecoder().decode([Item].self, from: Fixtures.items.body)) ?? []
}

/// Holds every task that arrives until `parties` tasks are waiting, then releases them all, so
/// every task has bound its override before any of them uses it: a global that one task
/// overwrites while another is suspended shows, every time, instead of by luck.
actor Barrier {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrived = 0

    init(parties: Int) {
        self.parties = parties
    }

    func arrive() async {
        arrived += 1
        if arrived >= parties {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
