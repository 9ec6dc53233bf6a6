import APIClient
import ItemDetail
import Items

/// Builds book details. It owns the covers' cache, made the first time a detail needs it and
/// then shared by every detail it builds.
@MainActor
final class DetailComposer {
    private let client: ServerAPIClient
    private let makeImageCache: () -> ImageCache
    private lazy var imageCache = makeImageCache()

    init(client: ServerAPIClient, makeImageCache: @escaping () -> ImageCache) {
        self.client = client
        self.makeImageCache = makeImageCache
    }

    func makeItemDetailViewModel(for item: Item) -> ItemDetailViewModel {
        ItemDetailViewModel(
            itemID: item.id, title: item.title, author: item.author,
            imageLoader: ServerImageLoader(client: client, cache: imageCache))
    }
}
