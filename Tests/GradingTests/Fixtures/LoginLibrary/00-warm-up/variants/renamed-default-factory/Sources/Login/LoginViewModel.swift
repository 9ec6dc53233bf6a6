public final class LoginViewModel {
    public typealias Authenticate = (String, String) -> Bool

    private let authenticate: Authenticate

    public init(authenticate: @escaping Authenticate) {
        self.authenticate = authenticate
    }

    /// A screen that is ready to use: it checks passwords against the one built-in account.
    /// No initializer without arguments, yet nobody has to pass an authenticator.
    public static func standard() -> LoginViewModel {
        LoginViewModel(authenticate: { user, password in user == "admin" && password == "admin" })
    }

    public func signIn(user: String, password: String) -> String {
        authenticate(user, password) ? "Welcome, \(user)" : "Wrong password"
    }
}
