import APIClient

/// The credentials as the server wants them in the body of `POST /session`.
private struct Credentials: Encodable {
    let user: String
    let password: String
}

extension ServerAPIClient {
    /// `POST /session` with `{"user": …, "password": …}`; the answer is the account.
    public func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        execute(
            .post("/session", json: Credentials(user: user, password: password)),
            file: file, line: line, function: function, completion: completion)
    }
}
