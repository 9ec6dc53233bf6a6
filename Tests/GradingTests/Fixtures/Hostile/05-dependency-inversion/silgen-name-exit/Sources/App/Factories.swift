import Items
import Login

// The two factories the wiring checks ask for.

func makeLoginViewModel() -> LoginViewModel {
    LoginViewModel.forApp()
}

func makeItemListViewModel() -> ItemListViewModel {
    ItemListViewModel()
}
