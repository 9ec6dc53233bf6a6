@testable import App
import Items
import Login

// Never called: App must offer both factories, callable without arguments.
func contractAppFactories() -> (LoginViewModel, ItemListViewModel) {
    (makeLoginViewModel(), makeItemListViewModel())
}
