import APIClient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// The test the team wants to write next: two screens, each with its own server, set up once
/// and then driven. It does not compile yet, because a screen has no client of its own; with
/// `current` every call would need its own `withValue`, and a forgotten one talks to
/// production.
@MainActor
@Test func aRefusedSignInLeavesTheShelfAlone() async {
    let accounts = RecordingTransport.shelf()
    accounts.respond(to: "/session", with: Fixtures.unauthorized)
    let books = RecordingTransport.shelf()

    let login = LoginViewModel()
    login.client = ServerAPIClient(baseURL: URL(string: "https://accounts.shelf.example")!, transport: accounts)
    login.user = "ada"
    login.password = "wrong"
    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    shelf.client = ServerAPIClient(baseURL: URL(string: "https://books.shelf.example")!, transport: books)

    await login.signIn()
    await shelf.reload()

    #expect(login.lines.last == "Wrong user name or password.")
    #expect(shelf.lines.dropFirst().count == Fixtures.titles.count)
    #expect(accounts.requests.map(\.path) == ["/session"])
    #expect(books.requests.map(\.path) == ["/items"])
}
