/// What the sign-in screen needs from the outside world: check these credentials, then call
/// back once with the user or the reason it failed. Login owns this type; whoever creates the
/// screen decides what stands behind it.
public typealias Authenticate = (Credentials, @escaping @Sendable (Result<User, LoginError>) -> Void) -> Void
