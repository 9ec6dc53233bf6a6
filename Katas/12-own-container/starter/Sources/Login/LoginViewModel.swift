/// The sign-in screen: what the user typed, and what the screen shows.
///
/// It takes what it needs in its initializer and keeps it: no client, no server, no default.
@MainActor
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case editing
        case signingIn
        case signedIn(Session)
        case failed(LoginError)
    }

    public var user = ""
    public var password = ""
    public private(set) var state: State = .editing

    private let authenticate: Authenticate
    private let onSignedIn: (Session) -> Void

    /// `onSignedIn` runs once a sign-in succeeds. What comes next is not this screen's business.
    public init(authenticate: @escaping Authenticate, onSignedIn: @escaping (Session) -> Void = { _ in }) {
        self.authenticate = authenticate
        self.onSignedIn = onSignedIn
    }

    /// Checks what the user typed.
    public func signIn() async {
        state = .signingIn
        do {
            let session = try await authenticate(Credentials(user: user, password: password))
            state = .signedIn(session)
            onSignedIn(session)
        } catch {
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        let form = ["Sign in to Shelf", "User name: \(user)", "Password:  \(String(repeating: "•", count: password.count))"]
        switch state {
        case .editing: return form
        case .signingIn: return form + ["Signing in…"]
        case .signedIn(let session): return form + ["Welcome, \(session.userName)"]
        case .failed(.invalidCredentials): return form + ["Wrong user name or password."]
        case .failed(.offline): return form + ["Could not reach the server."]
        case .failed(.serverProblem): return form + ["Something went wrong on our side."]
        }
    }
}
