import APIClient
import Items
import Login

/// The sign-in screen, talking to `client` (the production server unless told otherwise).
func makeLoginViewModel(client: ServerAPIClient = .shared) -> LoginViewModel {
    LoginViewModel(authenticate: { credentials, completion in
        client.signIn(credentials, completion: completion)
    })
}

/// The list screen, talking to `client` (the production server unless told otherwise).
func makeItemListViewModel(client: ServerAPIClient = .shared) -> ItemListViewModel {
    ItemListViewModel(loader: ServerItemsLoader(client: client))
}
