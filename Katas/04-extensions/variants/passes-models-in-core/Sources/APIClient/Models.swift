import KataSupport

/// A signed-in user, and the token that proves it to the server.
public struct Session: Sendable, Equatable, Codable {
    public let token: String
    public let userName: String

    public init(token: String, userName: String) {
        self.token = token
        self.userName = userName
    }

    private enum CodingKeys: String, CodingKey {
        case token
        case userName = "user_name"
    }
}

/// One book on the user's shelf.
public struct Item: Sendable, Equatable, Codable {
    public let id: Int
    public let title: String
    public let author: String

    public init(id: Int, title: String, author: String) {
        self.id = id
        self.title = title
        self.author = author
    }
}

/// Someone the user follows.
public struct Friend: Sendable, Equatable, Codable {
    public let id: String
    public let name: String
    /// How many books on the user's shelf this friend has too.
    public let sharedItems: Int

    public init(id: String, name: String, sharedItems: Int) {
        self.id = id
        self.name = name
        self.sharedItems = sharedItems
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case sharedItems = "shared_items"
    }
}

/// Why a request to the server did not give what was asked for.
public enum APIError: Error, Sendable, Equatable {
    /// The request never got an answer.
    case transport(TransportError)
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The server's answer was not the JSON we expected.
    case malformedResponse
}
