import APIClient
import ItemDetail
import Items

/// Holds the covers' cache once something asked for it.
@MainActor
final class Lazily<Value> {
    private let make: () -> Value
    private var made: Value?

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}

/// Builds book details; every detail it builds shares one cache, made on first use.
@MainActor
struct DetailComposer {
    let client: ServerAPIClient
    let imageCache: Lazily<ImageCache>

    func makeItemDetailViewModel(for item: Item) -> ItemDetailViewModel {
        ItemDetailViewModel(
            itemID: item.id, title: item.title, author: item.author,
            imageLoader: ServerImageLoader(client: client, cache: imageCache.value))
    }
}
