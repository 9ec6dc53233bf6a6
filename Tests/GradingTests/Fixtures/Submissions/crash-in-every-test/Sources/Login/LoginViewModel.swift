public final class LoginViewModel {
    private let authenticate: (String, String) -> Bool

    public init(authenticate: @escaping (String, String) -> Bool) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        let answers: [String] = []
        return answers[authenticate(user, password) ? 1 : 2]  // index out of range, every time
    }
}
