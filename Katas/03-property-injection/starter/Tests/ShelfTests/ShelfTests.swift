import APIClient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// Each test binds its own client for as long as it runs: nothing to restore, and nothing
/// left behind for the next test.
@MainActor
struct ShelfTests {
    let staging = URL(string: "https://staging.shelf.example")!

    @Test func signInShowsTheUserName() async {
        let client = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf(user: "grace"))
        let login = LoginViewModel()
        login.user = "grace"
        login.password = "pw"

        await ServerAPIClient.$current.withValue(client) { await login.signIn() }

        #expect(login.lines.last == "Welcome, grace")
    }

    @Test func refusedSignInSaysWhy() async {
        let server = RecordingTransport.shelf()
        server.respond(to: "/session", with: Fixtures.unauthorized)
        let login = LoginViewModel()
        login.user = "ada"
        login.password = "wrong"

        await ServerAPIClient.$current.withValue(ServerAPIClient(baseURL: staging, transport: server)) {
            await login.signIn()
        }

        #expect(login.lines.last == "Wrong user name or password.")
    }

    @Test func shelfListsTheBooks() async {
        let client = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf())
        let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))

        await ServerAPIClient.$current.withValue(client) { await shelf.reload() }

        #expect(shelf.lines.dropFirst().count == Fixtures.titles.count)
    }
}
