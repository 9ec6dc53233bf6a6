// `State.signedIn` carries APIClient's `Session`, so this import is part of the public API.
public import APIClient

/// The sign-in screen: what the user typed, and what the screen shows.
public final class LoginViewModel {
    public enum State: Equatable, Sendable {
        case editing
        case signedIn(Session)
        case failed(String)
    }

    public var user = ""
    public var password = ""
    public private(set) var state: State = .editing

    public init() {}

    /// Sends what the user typed to the server, as this installation.
    public func signIn() async {
        do {
            let session = try await ServerAPIClient.shared.signIn(user: user, password: password)
            state = .signedIn(session)
        } catch {
            state = .failed("Could not sign in (\(error)).")
        }
    }
}
