import APIClient
import Items
import Login
import Testing

@Test func newScreensDefaultToShared() {
    #expect(
        LoginViewModel().client === ServerAPIClient.shared,
        "A new LoginViewModel's client is not ServerAPIClient.shared, so the app (which sets nothing) would not talk to the production server.")
    #expect(
        ItemListViewModel().client === ServerAPIClient.shared,
        "A new ItemListViewModel's client is not ServerAPIClient.shared, so the app (which sets nothing) would not talk to the production server.")
}
