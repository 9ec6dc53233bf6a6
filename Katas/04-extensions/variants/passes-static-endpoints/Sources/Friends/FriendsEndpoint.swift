import APIClient

extension Endpoint where Response == [Friend] {
    /// `GET /friends`: the people the signed-in user follows.
    static func following(token: String) -> Self {
        Endpoint(method: "GET", path: "/friends", token: token)
    }
}

extension ServerAPIClient {
    func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        try await execute(.following(token: token))
    }
}
