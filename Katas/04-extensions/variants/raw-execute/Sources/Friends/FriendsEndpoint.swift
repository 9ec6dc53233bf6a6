import APIClient

extension ServerAPIClient {
    /// `GET /friends`: the people the signed-in user follows.
    public func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        let data = try await execute(Endpoint(method: "GET", path: "/friends", token: token))
        return try Self.decode([Friend].self, from: data)
    }
}
