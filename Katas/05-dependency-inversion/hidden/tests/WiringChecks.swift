@testable import App
import APIClient
import Foundation
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

// App is the one module that knows both the screens and the server. These checks build the
// screens with App's factories, on a stub server or on production (the tripwire).

/// Runs `body` with a tripwire log bound and returns what reached the production transport.
@MainActor
private func productionRequests(_ body: () async -> Void) async -> [HTTPRequest] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.requests
}

private func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map(\.summary).joined(separator: ", ")
}

private func stubClient(_ transport: RecordingTransport) -> ServerAPIClient {
    ServerAPIClient(baseURL: URL(string: "https://stub.shelf.example")!, transport: transport)
}

/// Signs grace/pw in through `makeLoginViewModel(client:)` on a server prepared by `prepare`.
@MainActor
private func signInThroughApp(_ prepare: (RecordingTransport) -> Void) async -> (LoginViewModel, RecordingTransport) {
    let transport = RecordingTransport()
    prepare(transport)
    let login = makeLoginViewModel(client: stubClient(transport))
    login.user = "grace"
    login.password = "pw"
    await login.signIn()
    return (login, transport)
}

/// Reloads the shelf built by `makeItemListViewModel(session:client:)` for grace's session.
@MainActor
private func reloadThroughApp(_ prepare: (RecordingTransport) -> Void) async -> (ItemListViewModel, RecordingTransport) {
    let transport = RecordingTransport()
    prepare(transport)
    let shelf = makeItemListViewModel(session: Login.Session(token: "token-grace", userName: "grace"), client: stubClient(transport))
    await shelf.reload()
    return (shelf, transport)
}

// MARK: - Production is still real

@MainActor
@Test func appSignInReachesProductionOnce() async {
    let login = makeLoginViewModel()
    login.user = "grace"
    login.password = "pw"
    let reached = await productionRequests { await login.signIn() }
    Expect.that(
        reached.map(\.summary) == ["POST /session"],
        "signIn() on makeLoginViewModel()'s screen should reach the production server once, with POST /session; it reached it with \(describe(reached)).")
    Expect.that(
        login.state == .failed(.offline),
        "Production's network is forbidden here, so the screen should end up .failed(.offline); its state is \(login.state).")
}

@MainActor
@Test func appReloadReachesProductionOnce() async {
    let shelf = makeItemListViewModel(session: Login.Session(token: "token-grace", userName: "grace"))
    let reached = await productionRequests { await shelf.reload() }
    Expect.that(
        reached.map(\.summary) == ["GET /items"],
        "reload() on makeItemListViewModel(session:)'s screen should reach the production server once, with GET /items; it reached it with \(describe(reached)).")
    Expect.that(
        shelf.state == .failed(.offline),
        "Production's network is forbidden here, so the shelf should end up .failed(.offline); its state is \(shelf.state).")
}

// MARK: - The sign-in adapter speaks Login's words

@MainActor
@Test func appSignInGivesTheServersSession() async {
    let (login, transport) = await signInThroughApp { $0.respond(to: "/session", with: Fixtures.session(user: "Grace Hopper")) }
    Expect.that(
        login.state == .signedIn(Login.Session(token: "token-Grace Hopper", userName: "Grace Hopper")),
        "The server signed grace in as \"Grace Hopper\" with the token \"token-Grace Hopper\"; the screen's state is \(login.state).")
    let sent = transport.requests.first { $0.path == "/session" }
    let body = sent?.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] }
    Expect.that(
        body == ["user": "grace", "password": "pw"],
        "POST /session should carry the typed user name and password as JSON; its body was \(body.map { "\($0)" } ?? "missing").")
}

@MainActor
@Test func appSignInFailuresInLoginsWords() async {
    let rows: [(String, (RecordingTransport) -> Void, LoginError)] = [
        ("a 401", { $0.respond(to: "/session", with: Fixtures.unauthorized) }, .invalidCredentials),
        ("no answer at all (the transport failed)", { $0.fail("/session", with: .offline) }, .offline),
        ("a 500", { $0.respond(to: "/session", with: HTTPResponse(status: 500)) }, .serverProblem),
        ("a 200 whose body is not a session", { $0.respond(to: "/session", with: .json(#"{"unexpected": true}"#)) }, .serverProblem),
    ]
    for (answer, prepare, expected) in rows {
        let (login, _) = await signInThroughApp(prepare)
        Expect.that(
            login.state == .failed(expected),
            "When the server's answer to POST /session is \(answer), the screen should show .failed(.\(expected)); its state is \(login.state).")
    }
}

// MARK: - The items adapter speaks Items' words

@MainActor
@Test func appReloadGivesTheServersItems() async {
    let (shelf, transport) = await reloadThroughApp { $0.respond(to: "/items", with: Fixtures.items) }
    let titles: [String]? = if case .loaded(let items) = shelf.state { items.map(\.title) } else { nil }
    Expect.that(
        titles == Fixtures.titles,
        "The server listed three books; after reload() the shelf's state is \(shelf.state).")
    let sent = transport.requests.first { $0.path == "/items" }
    Expect.that(
        sent?.headers["Authorization"] == "Bearer token-grace",
        "GET /items should carry the session's token; its Authorization header was \(sent?.headers["Authorization"] ?? "missing").")
}

@MainActor
@Test func appReloadFailuresInItemsWords() async {
    let rows: [(String, (RecordingTransport) -> Void, ItemsError)] = [
        ("no answer at all (the transport failed)", { $0.fail("/items", with: .offline) }, .offline),
        ("a 500", { $0.respond(to: "/items", with: HTTPResponse(status: 500)) }, .serverProblem),
        ("a 200 whose body is not a list of books", { $0.respond(to: "/items", with: .json(#"{"page": 1}"#)) }, .serverProblem),
    ]
    for (answer, prepare, expected) in rows {
        let (shelf, _) = await reloadThroughApp(prepare)
        Expect.that(
            shelf.state == .failed(expected),
            "When the server's answer to GET /items is \(answer), the shelf should show .failed(.\(expected)); its state is \(shelf.state).")
    }
}
