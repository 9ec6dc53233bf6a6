import APIClient
import Items
import Login

/// The sign-in screen, talking to the production server.
func makeLoginViewModel() -> LoginViewModel {
    LoginViewModel(authenticate: ServerAuthenticator(client: .shared).authenticate)
}

/// The list screen, talking to the production server.
func makeItemListViewModel() -> ItemListViewModel {
    ItemListViewModel(loader: ServerItemsLoader(client: .shared))
}
