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

    /// The screen's only line to the outside world, chosen by whoever builds the screen.
    private let authenticate: Authenticate

    public init(authenticate: @escaping Authenticate) {
        self.authenticate = authenticate
    }

    /// Sends the typed credentials and shows the outcome.
    public func signIn() async {
        state = .signingIn
        do throws(LoginError) {
            state = .signedIn(try await user(for: Credentials(userName: userName, password: password)))
        } catch {
            state = .failed(error)
        }
    }

    /// Asks the authenticator once and waits for its single answer.
    private func user(for credentials: Credentials) async throws(LoginError) -> User {
        let answer = await withCheckedContinuation { continuation in
            authenticate(credentials) { continuation.resume(returning: $0) }
        }
        return try answer.get()
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
