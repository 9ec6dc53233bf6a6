public final class LoginViewModel {
    private let check: (String, String) -> Bool

    public init(check: @escaping (String, String) -> Bool) {
        self.check = check
    }

    public func signIn(user: String, password: String) -> String {
        check(user, password) ? "Welcome, \(user)" : "Wrong password"
    }
}
