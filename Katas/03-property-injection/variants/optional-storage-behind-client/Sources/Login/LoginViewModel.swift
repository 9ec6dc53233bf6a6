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

    /// Nil until somebody sets a client: a forgotten assignment crashes at the first sign-in.
    private var storage: ServerAPIClient?

    /// Looks like a plain property from outside, so `client = nil` does not compile.
    public var client: ServerAPIClient {
        get { storage! }
        set { storage = newValue }
    }

    public init() {}

    public func signIn(user: String, password: String) async {
        guard !user.isEmpty, !password.isEmpty else {
            state = .failed("Enter your user name and password.")
            return
        }
        state = .signingIn
        let result = await withCheckedContinuation { continuation in
            client.signIn(user: user, password: password) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let account):
            state = .signedIn(account)
        case .failure(.status(401)):
            state = .failed("Wrong user name or password.")
        case .failure:
            state = .failed("Shelf could not reach the server. Try again.")
        }
    }
}
