/// The production client. In the fixture it never touches a network.
public final class ServerAPIClient: Sendable {
    public static let shared = ServerAPIClient()

    public init() {}

    public func authenticate(user: String, password: String) -> Bool {
        false
    }
}
