import APIClient
import Foundation
import Items
import KataSupport
import Login
import Testing

/// A server that signs everybody in and lists one book, without any network.
final class StubServer: ServerAPIClient, @unchecked Sendable {
    init() {
        super.init(baseURL: URL(string: "https://stub.shelf.example")!, transport: TripwireTransport())
    }

    override func signIn(
        user: String, password: String, installationID: String, file: String, line: Int, function: String
    ) async throws -> Session {
        Session(token: "stub-token", userName: user)
    }

    override func fetchItems(
        token: String, installationID: String, file: String, line: Int, function: String
    ) async throws -> [Item] {
        [Item(id: 1, title: "Stub book")]
    }
}

/// Runs `body` with a fresh stub bound as the current client.
private func withStub(_ body: () async -> Void) async {
    await ServerAPIClient.$current.withValue(StubServer()) { await body() }
}

@Test func signInShowsTheUser() async {
    let login = LoginViewModel()
    login.user = "ada"
    login.password = "pw"

    await withStub { await login.signIn() }

    #expect(login.state == .signedIn(Session(token: "stub-token", userName: "ada")))
}

@Test func shelfListsTheItems() async {
    let shelf = ItemListViewModel(session: Session(token: "stub-token", userName: "ada"))

    await withStub { await shelf.reload() }

    #expect(shelf.state == .loaded([Item(id: 1, title: "Stub book")]))
}

@Test func signInFailsWithoutAServer() async {
    let login = LoginViewModel()
    login.user = "ada"
    login.password = "pw"
    await login.signIn()

    guard case .failed = login.state else {
        Issue.record("Expected sign-in to fail against the production client, got \(login.state)")
        return
    }
}

@Test func currentIsProductionOutsideAnyOverride() {
    #expect(ServerAPIClient.current.host == "api.shelf.example")
    let inside = ServerAPIClient.$current.withValue(StubServer()) { ServerAPIClient.current.host }
    #expect(inside == "stub.shelf.example")
    #expect(ServerAPIClient.current === ServerAPIClient.shared)
}
