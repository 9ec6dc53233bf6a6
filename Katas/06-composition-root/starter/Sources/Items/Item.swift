/// One book on the user's shelf.
public struct Item: Equatable, Sendable {
    public var id: Int
    public var title: String
    public var author: String

    public init(id: Int, title: String, author: String) {
        self.id = id
        self.title = title
        self.author = author
    }
}
