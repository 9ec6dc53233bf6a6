import APIClient
import Friends
import Items
import Login

// The app's screens, each built for `client`: the production server unless a test passes
// another one.

@MainActor
func makeLoginViewModel(client: ServerAPIClient = .shared) -> LoginViewModel {
    LoginViewModel(authenticate: ServerSignIn(client: client).authenticate)
}

@MainActor
func makeItemListViewModel(session: Session, client: ServerAPIClient = .shared) -> ItemListViewModel {
    ItemListViewModel(loader: ItemsLoading.server(client, token: session.token))
}

@MainActor
func makeFriendListViewModel(session: Session, client: ServerAPIClient = .shared) -> FriendListViewModel {
    FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
}
