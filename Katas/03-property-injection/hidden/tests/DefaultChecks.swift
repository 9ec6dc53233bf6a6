import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@MainActor
@Test func newScreensDefaultToShared() async {
    let login = LoginViewModel()
    let shelf = ItemListViewModel(session: adaSession)
    Expect.that(
        login.client === ServerAPIClient.shared,
        "A new LoginViewModel's client is not ServerAPIClient.shared. The app sets nothing, so the default decides what production talks to: make it the one production client.")
    Expect.that(
        shelf.client === ServerAPIClient.shared,
        "A new ItemListViewModel's client is not ServerAPIClient.shared. The app sets nothing, so the default decides what production talks to: make it the one production client.")

    login.user = "ada"
    login.password = "pw"
    let reached = await productionRequests {
        await login.signIn()
        await shelf.reload()
    }
    Expect.that(
        reached.map(\.summary) == ["POST /session", "GET /items"],
        "With no client set, signIn() and reload() should reach the production server (POST /session, GET /items); they reached \(describe(reached)).")
}
