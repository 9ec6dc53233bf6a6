import APIClient
import Foundation
import Friends
import Items
import KataSupport
import Login
import Testing

/// Each test gives the screen it drives a client of its own: nothing to restore, and nothing
/// left behind for the next test.
@MainActor
struct ShelfTests {
    let staging = URL(string: "https://staging.shelf.example")!

    @Test func signInShowsTheUserName() async {
        let client = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf(user: "grace"))
        let login = LoginViewModel()
        login.client = client
        login.user = "grace"
        login.password = "pw"

        await login.signIn()

        #expect(login.lines.last == "Welcome, grace")
    }

    @Test func refusedSignInSaysWhy() async {
        let server = RecordingTransport.shelf()
        server.respond(to: "/session", with: Fixtures.unauthorized)
        let login = LoginViewModel()
        login.client = ServerAPIClient(baseURL: staging, transport: server)
        login.user = "ada"
        login.password = "wrong"

        await login.signIn()

        #expect(login.lines.last == "Wrong user name or password.")
    }

    @Test func shelfListsTheBooks() async {
        let client = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf())
        let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
        shelf.client = client

        await shelf.reload()

        #expect(shelf.lines.dropFirst().count == Fixtures.titles.count)
    }

    @Test func friendsAreListedWithTheirBooksInCommon() async {
        let friends = FriendListViewModel(session: Session(token: "token-ada", userName: "ada"))
        friends.client = ServerAPIClient(baseURL: staging, transport: RecordingTransport.shelf())

        await friends.reload()

        #expect(friends.lines.dropFirst().first == "• Grace Hopper (4 books in common)")
    }
}
