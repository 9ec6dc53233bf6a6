import APIClient

extension Endpoint where Response == [Item] {
    /// `GET /items`: the books on the signed-in user's shelf.
    static func shelf(token: String) -> Self {
        Endpoint(method: "GET", path: "/items", token: token)
    }
}

extension ServerAPIClient {
    func fetchItems(token: String) async throws(APIError) -> [Item] {
        try await execute(.shelf(token: token))
    }
}
