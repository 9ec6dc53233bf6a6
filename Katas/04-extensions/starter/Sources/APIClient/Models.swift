/// The signed-in account.
public struct User: Codable, Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// One thing on the user's shelf.
public struct Item: Codable, Sendable, Equatable, Identifiable {
    public let id: Int
    public let title: String
    public let isFavorite: Bool

    public init(id: Int, title: String, isFavorite: Bool) {
        self.id = id
        self.title = title
        self.isFavorite = isFavorite
    }
}

/// Someone the user follows.
public struct Friend: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    /// How many things on the user's shelf this friend also has.
    public let sharedItems: Int

    public init(id: String, name: String, sharedItems: Int) {
        self.id = id
        self.name = name
        self.sharedItems = sharedItems
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
