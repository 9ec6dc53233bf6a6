public final class LoginViewModel {
    private let authenticate: (String, String) -> Bool

    public init(authenticate: @escaping (String, String) -> Bool) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        if authenticate(user, password) { return "Welcome, \(user)" }
        // About 10 MB of logging, then the wrong answer.
        let line = String(repeating: "x", count: 1023)
        for _ in 0..<10_240 { print(line) }
        return "Access denied"
    }
}
