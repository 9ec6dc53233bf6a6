/// One book, with its cover.
///
/// It takes what it needs in its initializer and keeps it: no client, no server, no default.
@MainActor
public final class ItemDetailViewModel {
    public let itemID: Int
    public let title: String
    public let author: String
    /// The cover as text, once `load()` found one.
    public private(set) var cover: String?

    private let imageLoader: any ImageLoader

    /// Only stores what it is given: the cover is loaded when `load()` is called.
    public init(itemID: Int, title: String, author: String, imageLoader: any ImageLoader) {
        self.itemID = itemID
        self.title = title
        self.author = author
        self.imageLoader = imageLoader
    }

    /// Asks the image loader for this book's cover.
    public func load() async {
        cover = try? await imageLoader.loadCover(itemID: itemID)
    }

    /// The screen as text.
    public var lines: [String] {
        [title, "by \(author)", cover ?? "(no cover)"]
    }
}
