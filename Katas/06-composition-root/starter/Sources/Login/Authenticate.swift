/// What the sign-in screen needs from the outside world: check these credentials, then call
/// back once with a session or the reason it failed.
public typealias Authenticate = (Credentials, @escaping @Sendable (Result<Session, LoginError>) -> Void) -> Void
