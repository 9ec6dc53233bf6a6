/// Someone the user follows.
public struct Friend: Sendable, Equatable, Decodable {
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
