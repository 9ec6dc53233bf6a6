/// One thing on the user's shelf.
public struct Item: Equatable, Sendable, Decodable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
