import APIClient

extension ServerAPIClient {
    /// `GET /friends`: the people the signed-in user follows.
    package func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        let endpoint = Endpoint<[Friend]>(method: "GET", path: "/friends", token: token)
        return try await execute(endpoint)
    }
}
