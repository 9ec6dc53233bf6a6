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
