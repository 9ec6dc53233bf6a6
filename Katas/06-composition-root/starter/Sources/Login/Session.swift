/// A signed-in user, and the token that proves it to the server.
public struct Session: Equatable, Sendable {
    public var userName: String
    public var token: String

    public init(userName: String, token: String) {
        self.userName = userName
        self.token = token
    }
}
