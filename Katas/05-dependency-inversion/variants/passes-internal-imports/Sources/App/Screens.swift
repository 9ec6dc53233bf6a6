internal import APIClient
internal import Items
internal import Login

/// The sign-in screen. Without an argument it signs in against the production server.
func makeLoginViewModel(
    authenticate: @escaping Authenticate = ServerSignIn.authenticate(via: .shared)
) -> LoginViewModel {
    LoginViewModel(authenticate: authenticate)
}

/// The list screen. Without an argument it loads from the production server.
func makeItemListViewModel(
    loader: any ItemsLoader = ServerItemsLoader(client: .shared)
) -> ItemListViewModel {
    ItemListViewModel(loader: loader)
}
