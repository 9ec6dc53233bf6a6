import APIClient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// A real client for a pretend server that signs `user` in and lists `Fixtures.items`, and the
/// transport behind it, so a test can see what was sent. No subclass needed: the client takes
/// its transport in the initializer.
private func pretendServer(user: String = "ada") -> (client: ServerAPIClient, transport: RecordingTransport) {
    let transport = RecordingTransport.shelf(user: user)
    return (ServerAPIClient(baseURL: URL(string: "https://stub.shelf.example")!, transport: transport), transport)
}

private func typedIn(user: String) -> LoginViewModel {
    let login = LoginViewModel()
    login.user = user
    login.password = "pw"
    return login
}

@Test func signInShowsTheUser() async {
    let (client, transport) = pretendServer(user: "ada")
    let login = typedIn(user: "ada")

    await ServerAPIClient.$current.withValue(client) {
        await login.signIn()
    }

    #expect(login.state == .signedIn(Session(token: "token-ada", userName: "ada")))
    #expect(transport.requests.map(\.path) == ["/session"])
}

@Test func shelfListsTheItems() async {
    let (client, transport) = pretendServer()
    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))

    await ServerAPIClient.$current.withValue(client) {
        await shelf.reload()
    }

    #expect(shelf.state == .loaded(Fixtures.items.map { Item(id: $0.id, title: $0.title) }))
    #expect(transport.requests.first?.headers["Authorization"] == "Bearer token-ada")
}

@Test func signInFailsWithoutAServer() async {
    let login = typedIn(user: "ada")

    await login.signIn()

    guard case .failed = login.state else {
        Issue.record("Expected sign-in to fail against the production client, got \(login.state)")
        return
    }
}

@Test func overrideEndsWithItsCall() {
    let (client, _) = pretendServer()

    let inside = ServerAPIClient.$current.withValue(client) { ServerAPIClient.current }

    #expect(inside === client)
    #expect(ServerAPIClient.current === ServerAPIClient.shared)
}
