import APIClient

extension ServerAPIClient {
    /// `GET /items`: the books on the signed-in user's shelf.
    public func fetchItems(token: String) async throws(APIError) -> [Item] {
        let data = try await execute(Endpoint(method: "GET", path: "/items", token: token))
        return try Self.decode([Item].self, from: data)
    }
}
