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

/// Runs `body` with a fresh tripwire log bound and returns the log.
func tripwireLog(_ body: () async -> Void) async -> TripwireLog {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) { await body() }
    return log
}

/// The user a sign-in screen ended up signed in as, if any.
func signedInUser(_ state: LoginViewModel.State) -> String? {
    if case .signedIn(let session) = state { return session.userName }
    return nil
}

/// A sign-in screen with credentials typed in.
func loginScreen(user: String) -> LoginViewModel {
    let login = LoginViewModel()
    login.user = user
    login.password = "pw"
    return login
}

/// Holds every task that arrives until `parties` tasks are waiting, then releases them all,
/// so their work overlaps for certain instead of by luck.
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
