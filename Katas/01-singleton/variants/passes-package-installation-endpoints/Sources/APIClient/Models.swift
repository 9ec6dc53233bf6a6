// `APIError.transport` carries KataSupport's `TransportError`, so clients of this module must
// see KataSupport too.
public import KataSupport

/// A signed-in user, as the server describes them.
public struct Session: Sendable, Equatable, Codable {
    public let token: String
    public let userName: String

    public init(token: String, userName: String) {
        self.token = token
        self.userName = userName
    }
}

/// One thing on the user's shelf.
public struct Item: Sendable, Equatable, Codable {
    public let id: Int
    public let title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

public enum APIError: Error, Sendable, Equatable {
    /// The request never got an answer.
    case transport(TransportError)
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The server's answer was not the JSON we expected.
    case malformedResponse
}
