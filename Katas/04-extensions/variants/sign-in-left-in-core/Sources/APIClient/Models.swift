/// The signed-in account.
public struct User: Codable, Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Why a call to the server did not produce a result.
public enum APIError: Error, Sendable, Equatable {
    /// The request got no answer at all (offline, or the workshop's tripwire stopped it).
    case unreachable
    /// The server answered with a status outside 200–299.
    case status(Int)
    /// The answer was not the JSON we expected.
    case malformedResponse
}
