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

    /// The installation this screen speaks for: always the one shared ID, never a copy.
    private var installationID: String { InstallationID.shared.value }

    /// Sends what the user typed to the server.
    public func signIn() async {
        do {
            let session = try await ServerAPIClient.shared.signIn(
                user: user, password: password, installationID: installationID)
            state = .signedIn(session)
        } catch {
            state = .failed("Could not sign in (\(error)).")
        }
    }
}
