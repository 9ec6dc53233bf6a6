@testable import App
import APIClient
import Foundation
import Items
import KataSupport
import Login

// Never called: App still builds each screen for the production client by default, or for
// the client a caller passes; the shelf screen is built for a Login session.
@MainActor
func contractAppFactories() -> (LoginViewModel, LoginViewModel, ItemListViewModel, ItemListViewModel) {
    let session = Login.Session(token: "token-grace", userName: "grace")
    let client = ServerAPIClient(baseURL: URL(string: "https://stub.shelf.example")!, transport: RecordingTransport())
    return (
        makeLoginViewModel(), makeLoginViewModel(client: client),
        makeItemListViewModel(session: session), makeItemListViewModel(session: session, client: client)
    )
}
