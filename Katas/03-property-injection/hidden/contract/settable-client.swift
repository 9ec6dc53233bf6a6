import APIClient
import Items
import Login

// Never called: it only has to compile. A test creates a screen the way the app does, then
// hands it a client of its own through `client`.
@MainActor
func probeSettableClient(staging: ServerAPIClient) {
    let login = LoginViewModel()
    login.client = staging
    let shelf = ItemListViewModel(session: Session(token: "t", userName: "u"))
    shelf.client = staging
    let current: ServerAPIClient = login.client
    _ = current
}
