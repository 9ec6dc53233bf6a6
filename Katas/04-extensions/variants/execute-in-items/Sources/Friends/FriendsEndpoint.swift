import APIClient
import Items

// Friends' own endpoint.
extension ServerAPIClient {
    /// `GET /friends`. The server answers with the people the user follows.
    func fetchFriends(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Friend], APIError>) -> Void
    ) {
        execute(
            APIRequest(method: "GET", path: "/friends"), file: file, line: line, function: function,
            completion: completion)
    }
}
