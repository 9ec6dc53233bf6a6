import APIClient

extension ServerAPIClient {
    /// `GET /friends`: the people the signed-in user follows.
    func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        try await execute(followedEndpoint(token: token))
    }
}
