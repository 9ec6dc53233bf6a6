import APIClient

extension Endpoint where Response == [Friend] {
    /// `GET /friends`: the people the user follows.
    static var friends: Self { Endpoint(APIRequest(method: "GET", path: "/friends")) }
}

extension ServerAPIClient {
    /// Loads the people the user follows.
    func fetchFriends(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Friend], APIError>) -> Void
    ) {
        execute(.friends, file: file, line: line, function: function, completion: completion)
    }
}
