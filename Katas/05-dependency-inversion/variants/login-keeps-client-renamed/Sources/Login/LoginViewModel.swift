import APIClient

/// The sign-in screen: two fields, a button, and a line of feedback.
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case signingIn
        case signedIn(User)
        case failed(LoginError)
    }

    public var userName = ""
    public var password = ""
    public private(set) var state: State = .idle

    /// Kept "just in case".
    public var backend: ServerAPIClient = .shared

    private let authenticate: Authenticate

    public init(authenticate: @escaping Authenticate) {
        self.authenticate = authenticate
    }

    /// Sends the typed credentials and shows the outcome.
    public func signIn() async {
        state = .signingIn
        let credentials = Credentials(userName: userName, password: password)
        let result = await withCheckedContinuation { continuation in
            authenticate(credentials) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let user):
            state = .signedIn(user)
        case .failure(let error):
            state = .failed(error)
        }
    }

    /// The feedback line under the button.
    public var message: String {
        switch state {
        case .idle: ""
        case .signingIn: "Signing in…"
        case .signedIn(let user): "Welcome, \(user.name)"
        case .failed(.invalidCredentials): "Wrong user name or password."
        case .failed(.offline): "You are offline. Try again later."
        case .failed(.serverProblem): "Something went wrong on our side."
        }
    }
}
