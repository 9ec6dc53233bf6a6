import APIClient

/// The sign-in screen: what it shows, and what happens when the user taps "Sign in".
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case signingIn
        case signedIn(User)
        case failed(String)
    }

    public private(set) var state: State = .idle

    /// Where this screen signs in. The app never touches it; a test assigns a stub.
    public var client: ServerAPIClient = .shared

    public init() {}

    public func signIn(user: String, password: String) async {
        guard !user.isEmpty, !password.isEmpty else {
            state = .failed("Enter your user name and password.")
            return
        }
        state = .signingIn
        state = Self.state(after: await client.signIn(user: user, password: password))
    }

    /// What the screen shows once the server has answered.
    private static func state(after answer: Result<User, APIError>) -> State {
        switch answer {
        case .success(let account): .signedIn(account)
        case .failure(.status(401)): .failed("Wrong user name or password.")
        case .failure: .failed("Shelf could not reach the server. Try again.")
        }
    }
}
