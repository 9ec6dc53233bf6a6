import APIClient

/// Someone the user might know: the JSON of an endpoint that Shelf does not have yet.
struct ProbeFriendSuggestion: Decodable, Sendable {
    let name: String
}

// Never called: it only has to compile. A brand-new Friends endpoint, written outside
// APIClient with nothing but the client's public API: if this compiles, adding an endpoint
// never means editing the core (or rebuilding everything that depends on it).
extension ServerAPIClient {
    func probeFriendSuggestions(token: String) async throws(APIError) -> [ProbeFriendSuggestion] {
        try await execute(Endpoint(method: "GET", path: "/friends/suggestions", token: token))
    }
}
