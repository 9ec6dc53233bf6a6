/// The sign-in screen: two fields, a button, and a line of feedback.
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case signingIn
        case signedIn(Session)
        case failed(LoginError)
    }

    public var userName = ""
    public var password = ""
    public private(set) var state: State = .idle

    private let authenticate: Authenticate
    private let onSignedIn: (Session) -> Void

    /// `onSignedIn` runs once a sign-in succeeds. What happens next is not this screen's business.
    public init(authenticate: @escaping Authenticate, onSignedIn: @escaping (Session) -> Void) {
        self.authenticate = authenticate
        self.onSignedIn = onSignedIn
    }

    /// Sends the typed credentials and shows the outcome.
    public func signIn() async {
        state = .signingIn
        let credentials = Credentials(userName: userName, password: password)
        let result = await withCheckedContinuation { continuation in
            authenticate(credentials) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let session):
            state = .signedIn(session)
            onSignedIn(session)
        case .failure(let error):
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        let feedback: String
        switch state {
        case .idle: feedback = ""
        case .signingIn: feedback = "Signing in…"
        case .signedIn(let session): feedback = "Welcome, \(session.userName)"
        case .failed(.invalidCredentials): feedback = "Wrong user name or password."
        case .failed(.offline): feedback = "You are offline. Try again later."
        case .failed(.serverProblem): feedback = "Something went wrong on our side."
        }
        let form = ["Sign in to Shelf", "User name: \(userName)", "Password:  \(String(repeating: "•", count: password.count))"]
        return feedback.isEmpty ? form : form + [feedback]
    }
}
