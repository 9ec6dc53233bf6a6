import APIClient

extension ServerAPIClient {
    /// Login's endpoint in name only: the request itself lives in APIClient.
    public func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        openSession(user: user, password: password, file: file, line: line, function: function, completion: completion)
    }
}
