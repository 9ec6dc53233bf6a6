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
