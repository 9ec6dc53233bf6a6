import APIClient
import Items
import Login

func makeLoginViewModel(client: ServerAPIClient = .shared) -> LoginViewModel {
    // TODO: call the server.
    LoginViewModel(authenticate: { _, completion in completion(.failure(.offline)) })
}

func makeItemListViewModel(client: ServerAPIClient = .shared) -> ItemListViewModel {
    ItemListViewModel(loader: ServerItemsLoader(client: client))
}
