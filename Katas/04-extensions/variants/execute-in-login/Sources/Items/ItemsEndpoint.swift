import APIClient
import Login

extension ServerAPIClient {
    /// `GET /items`: the books on the signed-in user's shelf.
    public func fetchItems(token: String) async throws(APIError) -> [Item] {
        try await execute(Endpoint(method: "GET", path: "/items", token: token))
    }
}
