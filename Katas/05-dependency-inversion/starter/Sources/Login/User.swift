/// The person who signed in.
public struct User: Equatable, Sendable, Decodable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}
