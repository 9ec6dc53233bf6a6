import APIClient

public final class LoginViewModel {
    public init() {}

    public func signIn(user: String, password: String) -> String {
        ServerAPIClient.shared.authenticate(user: user, password: password) ? "Welcome, \(user)" : "Wrong password"
    }
}
