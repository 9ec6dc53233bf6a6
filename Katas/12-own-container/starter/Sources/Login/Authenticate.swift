/// What the sign-in screen needs from the outside world, in its own words: check these
/// credentials, and give back a session or the reason there is none.
///
/// One operation, so a function type is enough; any function of this shape fits, a method
/// reference included.
public typealias Authenticate = @Sendable (Credentials) async throws(LoginError) -> Session

/// What the user typed.
public struct Credentials: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// A signed-in user, and the token that proves it.
public struct Session: Sendable, Equatable {
    public var token: String
    public var userName: String

    public init(token: String, userName: String) {
        self.token = token
        self.userName = userName
    }
}

/// Why signing in did not work, as the sign-in screen explains it.
public enum LoginError: Error, Sendable, Equatable {
    /// The user name or the password is wrong.
    case invalidCredentials
    /// The server could not be reached.
    case offline
    /// The server answered, but not in a way that makes sense.
    case serverProblem
}
