import APIClient

extension ServerAPIClient {
    /// `GET /friends`; the answer is everyone the user follows.
    public func fetchFriends(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Friend], APIError>) -> Void
    ) {
        execute(.get("/friends"), file: file, line: line, function: function, completion: completion)
    }
}
