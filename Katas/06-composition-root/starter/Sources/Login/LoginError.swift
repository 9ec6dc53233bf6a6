/// Why signing in did not work, in words the sign-in screen understands.
public enum LoginError: Error, Equatable, Sendable {
    /// The user name or the password is wrong.
    case invalidCredentials
    /// The server could not be reached.
    case offline
    /// The server answered, but not in a way that makes sense.
    case serverProblem
}
