import APIClient

/// Someone the user might know: the JSON of an endpoint that Shelf does not have yet.
struct ProbeFriendSuggestion: Decodable, Sendable {
    let name: String
    let mutualFriends: Int
}

// Never called: it only has to compile. A brand-new Friends endpoint, written outside
// APIClient with nothing but the client's public API: if this compiles, adding an endpoint
// never means editing the core (or recompiling everything that depends on it).
extension ServerAPIClient {
    func probeFriendSuggestions(
        completion: @escaping @Sendable (Result<[ProbeFriendSuggestion], APIError>) -> Void
    ) {
        execute(APIRequest(method: "GET", path: "/friends/suggestions"), completion: completion)
    }
}
