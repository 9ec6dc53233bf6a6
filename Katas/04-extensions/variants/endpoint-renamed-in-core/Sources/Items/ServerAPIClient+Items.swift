import APIClient

extension ServerAPIClient {
    /// `GET /items`; the answer is everything on the user's shelf.
    public func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        execute(.get("/items"), file: file, line: line, function: function, completion: completion)
    }
}
