import APIClient
import Items
import Login

/// Builds the shelf's screens. Only composers call it: AppComposer makes it when the flow
/// first needs a shelf.
@MainActor
final class ItemsComposer {
    private let client: ServerAPIClient

    init(client: ServerAPIClient) {
        self.client = client
    }

    /// The shelf of the user who signed in with `session`; `onSelect` reports the picked book.
    func makeItemListViewModel(for session: Session, onSelect: @escaping (Item) -> Void) -> ItemListViewModel {
        ItemListViewModel(loader: ServerItemsLoader(client: client, token: session.token), onShowDetail: onSelect)
    }
}
