import APIClient
import Foundation
import KataSupport

extension ServerAPIClient {
    /// `GET /friends`: the people the signed-in user follows.
    public func fetchFriends(token: String) async throws(APIError) -> [Friend] {
        try await execute(Endpoint(method: "GET", path: "/friends", token: token))
    }
}
