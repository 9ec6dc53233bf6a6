public import APIClient

/// The sign-in screen: what it shows, and what happens when the user taps "Sign in".
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case signingIn
        case signedIn(User)
        case failed(String)
    }

    public private(set) var state: State = .idle

    /// The server this screen signs in with. Left alone it is the production client; a test
    /// puts its own here before calling `signIn`.
    public var client: ServerAPIClient = .shared

    public init() {}

    public func signIn(user: String, password: String) async {
        guard !user.isEmpty, !password.isEmpty else {
            state = .failed("Enter your user name and password.")
            return
        }
        state = .signingIn
        do {
            state = .signedIn(try await client.session(user: user, password: password))
        } catch .status(401) {
            state = .failed("Wrong user name or password.")
        } catch {
            state = .failed("Shelf could not reach the server. Try again.")
        }
    }
}
