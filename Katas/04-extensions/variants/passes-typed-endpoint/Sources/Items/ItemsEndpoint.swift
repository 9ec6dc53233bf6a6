import APIClient

extension Endpoint where Response == [Item] {
    /// `GET /items`: the user's shelf.
    static var items: Self { Endpoint(APIRequest(method: "GET", path: "/items")) }
}

extension ServerAPIClient {
    /// Loads the user's shelf.
    func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        execute(.items, file: file, line: line, function: function, completion: completion)
    }
}
