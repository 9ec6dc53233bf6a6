import Friends
import Items
import Login

/// One signed-in user's parts, as a value built from the app scope and the session. The
/// reference types inside (the repository, the tracker) are shared by every copy.
@MainActor
struct UserScope {
    let session: Session
    let repository: ItemsRepository
    private let track: @MainActor () -> Void
    private let makeFriendsLoader: () -> any FriendsLoader

    init(app: AppScope, session: Session) {
        self.session = session
        repository = ItemsRepository(loader: ServerItemsLoader(client: app.client, token: session.token))
        let tracker = ShelfTracker(user: session.userName, sink: app.analytics)
        track = { tracker.shelfOpened() }
        let client = app.client
        makeFriendsLoader = { ServerFriendsLoader(client: client, token: session.token) }
    }

    func makeItemList() -> ItemListViewModel {
        track()
        return ItemListViewModel(loader: repository)
    }

    func makeFriendList() -> FriendListViewModel {
        FriendListViewModel(loader: makeFriendsLoader())
    }
}
