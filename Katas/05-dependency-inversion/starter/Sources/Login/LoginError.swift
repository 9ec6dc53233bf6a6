/// Why signing in did not work, in words the sign-in screen understands.
public enum LoginError: Error, Equatable, Sendable {
    case invalidCredentials
    case offline
    case serverProblem
}
