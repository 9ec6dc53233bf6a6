/// What the user typed on the sign-in screen.
public struct Credentials: Equatable, Sendable {
    public var userName: String
    public var password: String

    public init(userName: String, password: String) {
        self.userName = userName
        self.password = password
    }
}
