public final class LoginViewModel {
    public typealias Authenticate = (String, String) -> Bool

    private let authenticate: Authenticate

    public init(authenticate: @escaping Authenticate) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        authenticate(user, password) ? "Welcome, \(user)" : "Wrong password"
    }
}
