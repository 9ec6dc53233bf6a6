/// What the sign-in screen needs from the outside world: check these credentials, then call back
/// once with the user or the reason it failed. It sits next to the only screen that uses it.
public typealias Authenticate = (Credentials, @escaping @Sendable (Result<User, LoginError>) -> Void) -> Void

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

    private let gateway: Gateway

    public init(authenticate: @escaping Authenticate) {
        gateway = Gateway(authenticate: authenticate)
    }

    /// Sends the typed credentials and shows the outcome.
    public func signIn() async {
        state = .signingIn
        state = State(await gateway.answer(for: Credentials(userName: userName, password: password)))
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

extension LoginViewModel {
    /// Wraps the injected function and turns its callback into one awaited answer.
    struct Gateway {
        let authenticate: Authenticate

        func answer(for credentials: Credentials) async -> Result<User, LoginError> {
            await withCheckedContinuation { continuation in
                authenticate(credentials) { continuation.resume(returning: $0) }
            }
        }
    }
}

extension LoginViewModel.State {
    /// The state that shows `answer`: the user it carries, or the reason it failed, unchanged.
    init(_ answer: Result<User, LoginError>) {
        switch answer {
        case .success(let user): self = .signedIn(user)
        case .failure(let error): self = .failed(error)
        }
    }
}
