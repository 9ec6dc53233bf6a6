import APIClient
import Friends

extension ServerAPIClient {
    /// `GET /friends`: the people the signed-in user follows.
    func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        try await execute(Endpoint(method: "GET", path: "/friends", token: token))
    }
}

/// Adapts the server's client to the loader the friends screen asks for. It carries the
/// session's token, so Friends never has to know what a session is.
struct ServerFriendsLoader: FriendsLoader {
    let client: ServerAPIClient
    let token: String

    func loadFriends() async throws(FriendsError) -> [Friend] {
        do {
            return try await client.fetchFriends(token: token)
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
