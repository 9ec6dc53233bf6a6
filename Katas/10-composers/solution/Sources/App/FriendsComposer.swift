import APIClient
import Friends
import Login

/// Builds the friends screens, a flow of its own that shares only the client with the shelf.
@MainActor
final class FriendsComposer {
    private let client: ServerAPIClient

    init(client: ServerAPIClient) {
        self.client = client
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
    }
}
