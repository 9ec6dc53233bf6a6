import APIClient
import Items
import Login

/// Builds the shelf's screens.
struct ItemsComposer {
    let client: ServerAPIClient

    @MainActor
    func makeItemListViewModel(for session: Session, onSelect: @escaping (Item) -> Void) -> ItemListViewModel {
        ItemListViewModel(loader: ServerItemsLoader(client: client, token: session.token), onSelect: onSelect)
    }
}
