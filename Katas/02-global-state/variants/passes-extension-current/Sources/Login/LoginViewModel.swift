import APIClient

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

    /// The client for the request being sent now. It is computed, not stored, so every call
    /// sees whatever override is bound around it at that moment.
    private var client: ServerAPIClient { ServerAPIClient.current }

    /// Sends what the user typed to the server.
    public func signIn() async {
        do {
            let session = try await client.signIn(
                user: user, password: password, installationID: InstallationID.shared.value)
            state = .signedIn(session)
        } catch {
            state = .failed("Could not sign in (\(error)).")
        }
    }
}
