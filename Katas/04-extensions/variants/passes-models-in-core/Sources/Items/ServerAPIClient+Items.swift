import APIClient

extension ServerAPIClient {
    /// `GET /items`: the books on the signed-in user's shelf.
    package func fetchItems(token: String) async throws(APIError) -> [Item] {
        let endpoint = Endpoint<[Item]>(method: "GET", path: "/items", token: token)
        return try await execute(endpoint)
    }
}
