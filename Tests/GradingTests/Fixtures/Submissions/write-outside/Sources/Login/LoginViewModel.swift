import Foundation

public final class LoginViewModel {
    private let authenticate: (String, String) -> Bool

    public init(authenticate: @escaping (String, String) -> Bool) {
        self.authenticate = authenticate
    }

    public func signIn(user: String, password: String) -> String {
        // Tries to leave a file outside the build folder; the sandbox must stop it.
        try? "escaped".write(toFile: "{{ESCAPE_PATH}}", atomically: false, encoding: .utf8)
        return authenticate(user, password) ? "Welcome, \(user)" : "Wrong password"
    }
}
