import Friends
import Items
import Login

/// What belongs to one signed-in user (the scoped lifestyle): made at sign-in, dropped at
/// sign-out. It may use the app's services; the app scope never sees it.
///
/// It is born with its session, so nothing in it has to ask whether someone is signed in.
@MainActor
final class UserScope {
    let session: Session
    /// Shared by every shelf screen of this session.
    let repository: ItemsRepository
    private let app: AppScope
    private let tracker: ShelfTracker

    init(session: Session, app: AppScope) {
        self.app = app
        self.session = session
        repository = ItemsRepository(loader: ServerItemsLoader(client: app.client, token: session.token))
        tracker = ShelfTracker(user: session.userName, sink: app.analytics)
    }

    /// A new shelf screen each time (the transient lifestyle), on the session's repository.
    func makeItemList() -> ItemListViewModel {
        tracker.shelfOpened()
        return ItemListViewModel(loader: repository)
    }

    func makeFriendList() -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: app.client, token: session.token))
    }
}
