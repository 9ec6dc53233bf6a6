import APIClient
import Login

// Items' own endpoint.
extension ServerAPIClient {
    /// `GET /items`. The server answers with the user's shelf.
    func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        execute(
            APIRequest(method: "GET", path: "/items"), file: file, line: line, function: function,
            completion: completion)
    }
}
