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

    /// Sends what the user typed to the server.
    public func signIn() async {
        // Asked on every call, never kept: an override bound around this call applies to it.
        let client = ServerAPIClient.current
        do {
            let session = try await client.signIn(
                user: user, password: password, installationID: InstallationID.shared.value)
            state = .signedIn(session)
        } catch {
            state = .failed("Could not sign in (\(error)).")
        }
    }
}
