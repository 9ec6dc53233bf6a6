import APIClient
import Login

/// Stands behind the sign-in screen's `Authenticate`: its `authenticate(_:completion:)` has
/// exactly that shape, so the factory hands the method itself to the screen.
struct ServerAuthenticator: Sendable {
    let client: ServerAPIClient

    func authenticate(
        _ credentials: Credentials, completion: @escaping @Sendable (Result<User, LoginError>) -> Void
    ) {
        client.signIn(credentials, completion: answeredOnce(completion, by: "POST /session"))
    }
}
