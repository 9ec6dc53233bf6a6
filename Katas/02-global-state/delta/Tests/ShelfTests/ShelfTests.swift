import APIClient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// A teammate made `ServerAPIClient.shared` a `var` so these tests can talk to a fake server.
/// Run them a few times with `swift test`: they do not always agree with each other.
@MainActor
struct ShelfTests {
    let staging = URL(string: "https://staging.shelf.example")!

    @Test func signInShowsTheUserName() async {
        let production = ServerAPIClient.shared
        defer { ServerAPIClient.shared = production }
        ServerAPIClient.shared = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf(user: "grace"))

        let login = LoginViewModel()
        login.user = "grace"
        login.password = "pw"
        await login.signIn()

        #expect(login.lines.last == "Welcome, grace")
    }

    @Test func refusedSignInSaysWhy() async {
        let server = RecordingTransport.shelf()
        server.respond(to: "/session", with: Fixtures.unauthorized)
        ServerAPIClient.shared = ServerAPIClient(baseURL: staging, transport: server)

        let login = LoginViewModel()
        login.user = "ada"
        login.password = "wrong"
        await login.signIn()

        #expect(login.lines.last == "Wrong user name or password.")
    }

    @Test func shelfListsTheBooks() async {
        let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
        await shelf.reload()

        #expect(shelf.lines.dropFirst().count == Fixtures.titles.count)
    }
}
