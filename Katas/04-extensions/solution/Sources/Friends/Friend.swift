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
