import APIClient
import Items
import Login

// Never called: it only has to compile. Both screens take a stub subclass through `client`.
func probeSettableClient() {
    let login = LoginViewModel()
    login.client = StubClient()
    let list = ItemListViewModel()
    list.client = StubClient()
}
