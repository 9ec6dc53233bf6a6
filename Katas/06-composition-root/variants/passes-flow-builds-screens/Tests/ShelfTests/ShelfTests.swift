@testable import App
import Foundation
import Items
import KataSupport
import Login
import Testing

/// Keeps every screen the flow shows or pushes.
private final class ScreenLog: Navigator {
    var shown: [Screen] = []
    var pushed: [Screen] = []

    func show(_ screen: Screen) { shown.append(screen) }
    func push(_ screen: Screen) { pushed.append(screen) }
}

private extension Screen {
    var signIn: LoginViewModel? {
        if case .login(let viewModel) = self { viewModel } else { nil }
    }

    var list: ItemListViewModel? {
        if case .items(let viewModel) = self { viewModel } else { nil }
    }
}

/// Shelf, composed by the real root on a transport that answers from `replies`.
private struct Shelf {
    let transport: RecordingTransport
    let screens = ScreenLog()
    let flow: AppFlow

    init(_ replies: [String: Result<HTTPResponse, TransportError>]) {
        transport = RecordingTransport(replies)
        flow = AppComposer(transport: transport).makeFlow(navigator: screens)
    }

    /// Starts the app and signs in on the screen it shows.
    func signIn(as userName: String = "ann", password: String = "secret") async -> LoginViewModel? {
        flow.start()
        guard let screen = screens.shown.last?.signIn else { return nil }
        screen.userName = userName
        screen.password = password
        await screen.signIn()
        return screen
    }
}

private let session = HTTPResponse(status: 200, body: Fixtures.sessionJSON)
private let books = HTTPResponse(status: 200, body: Fixtures.itemsJSON)

@Test func startingShowsOnlyTheSignInScreen() {
    let shelf = Shelf(["/session": .success(session), "/items": .success(books)])
    shelf.flow.start()
    #expect(shelf.screens.shown.count == 1)
    #expect(shelf.screens.shown.first?.signIn != nil)
    #expect(shelf.screens.pushed.isEmpty)
    #expect(shelf.transport.requests.isEmpty)
}

@Test func signingInPushesAListThatLoadsWithTheToken() async throws {
    let shelf = Shelf(["/session": .success(session), "/items": .success(books)])
    let screen = await shelf.signIn(as: "ann@example.com")
    #expect(screen?.state == .signedIn(Session(userName: "ann", token: "t0k3n")))
    let list = try #require(shelf.screens.pushed.last?.list)
    #expect(shelf.transport.requests.map(\.path) == ["/session"])

    await list.reload()
    #expect(list.state == .loaded([
        Item(id: 1, title: "Dune", author: "Frank Herbert"),
        Item(id: 2, title: "Solaris", author: "Stanisław Lem"),
        Item(id: 3, title: "Kindred", author: "Octavia E. Butler"),
    ]))
    #expect(shelf.transport.requests.last?.headers["Authorization"] == "Bearer t0k3n")
}

@Test func theTypedCredentialsGoOutAsJSON() async throws {
    let shelf = Shelf(["/session": .success(HTTPResponse(status: 401))])
    _ = await shelf.signIn(as: "bob", password: "hunter2")
    let body = try #require(shelf.transport.requests.first?.body)
    let json = try JSONSerialization.jsonObject(with: body) as? [String: String]
    #expect(json == ["user": "bob", "password": "hunter2"])
}

@Test(arguments: [
    (Result<HTTPResponse, TransportError>.success(HTTPResponse(status: 401)), LoginError.invalidCredentials),
    (.failure(.offline), .offline),
    (.success(HTTPResponse(status: 503)), .serverProblem),
    (.success(HTTPResponse(status: 200, body: Data("{}".utf8))), .serverProblem),
])
func eachFailedSignInStaysOnTheSignInScreen(reply: Result<HTTPResponse, TransportError>, shown: LoginError) async {
    let shelf = Shelf(["/session": reply])
    let screen = await shelf.signIn()
    #expect(screen?.state == .failed(shown))
    #expect(shelf.screens.pushed.isEmpty)
}

@Test(arguments: [
    (Result<HTTPResponse, TransportError>.failure(.offline), ItemsError.offline),
    (.success(HTTPResponse(status: 500)), .serverProblem),
    (.success(HTTPResponse(status: 200, body: Data("[{}]".utf8))), .serverProblem),
])
func eachFailedLoadReachesTheList(reply: Result<HTTPResponse, TransportError>, shown: ItemsError) async throws {
    let shelf = Shelf(["/session": .success(session), "/items": reply])
    _ = await shelf.signIn()
    let list = try #require(shelf.screens.pushed.last?.list)
    await list.reload()
    #expect(list.state == .failed(shown))
}
