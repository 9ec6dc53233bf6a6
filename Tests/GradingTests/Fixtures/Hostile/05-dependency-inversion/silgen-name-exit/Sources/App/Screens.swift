import APIClient
import Friends
import Items
import Login

// The app's screens, each built for `client`: the production server unless a test passes
// another one.

@MainActor
func makeLoginViewModel(client: ServerAPIClient = .shared) -> LoginViewModel {
    let login = LoginViewModel.forApp()
    login.client = client
    return login
}

@MainActor
func makeItemListViewModel(session: Session, client: ServerAPIClient = .shared) -> ItemListViewModel {
    let shelf = ItemListViewModel(session: session)
    shelf.client = client
    return shelf
}

@MainActor
func makeFriendListViewModel(session: Session, client: ServerAPIClient = .shared) -> FriendListViewModel {
    FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
}
