import ItemDetail
import Items

extension AppComposer {
    /// The first call makes the covers' cache (a lazy property of the root); later ones share it.
    func makeItemDetailViewModel(for item: Item) -> ItemDetailViewModel {
        ItemDetailViewModel(
            itemID: item.id, title: item.title, author: item.author,
            imageLoader: ServerImageLoader(client: client, cache: imageCache))
    }
}
