// The values the server sends back. They stay in the core in this design: every feature may
// show a user, an item or a friend, so they are shared vocabulary rather than one feature's.

/// Whoever is signed in.
public struct User: Codable, Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Something on the user's shelf.
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

/// A person the user follows.
public struct Friend: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    /// The number of things on the user's shelf that this person owns as well.
    public let sharedItems: Int

    public init(id: String, name: String, sharedItems: Int) {
        self.id = id
        self.name = name
        self.sharedItems = sharedItems
    }
}

/// What went wrong on the way to a result.
public enum APIError: Error, Sendable, Equatable {
    /// Nothing came back (no network, or the workshop's tripwire refused the call).
    case unreachable
    /// The server answered, but not with a status in 200...299.
    case status(Int)
    /// The body was not the JSON the endpoint expected.
    case malformedResponse
}
