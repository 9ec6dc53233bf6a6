import APIClient
import Friends
import Login

/// Builds the friends screens.
struct FriendsComposer {
    let client: ServerAPIClient

    @MainActor
    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }
}
