import Friends
import Items
import Login

extension AppComposer {
    func makeItemListViewModel(for session: Session, onSelect: @escaping (Item) -> Void) -> ItemListViewModel {
        ItemListViewModel(loader: ServerItemsLoader(client: client, token: session.token), onSelect: onSelect)
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }
}
