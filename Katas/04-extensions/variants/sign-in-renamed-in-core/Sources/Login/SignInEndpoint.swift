import APIClient

extension ServerAPIClient {
    /// Login's name for the core's request.
    func signIn(user: String, password: String) async throws(APIError) -> Session {
        try await openSession(user: user, password: password)
    }
}
