@testable import App
import Foundation
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

// MARK: - Doubles and helpers

/// The answers and screens of Shelf wired by `AppComposer` onto a recording transport.
final class ShelfHarness {
    let transport: RecordingTransport
    let navigator = RecordingNavigator()
    private let startFlow: () -> Void

    init(session: Result<HTTPResponse, TransportError>? = nil, items: Result<HTTPResponse, TransportError>? = nil) {
        var replies: [String: Result<HTTPResponse, TransportError>] = [:]
        replies["/session"] = session
        replies["/items"] = items
        transport = RecordingTransport(replies)
        // The closure keeps the flow alive for as long as the harness lives.
        let flow = AppComposer(transport: transport).makeFlow(navigator: navigator)
        startFlow = { flow.start() }
    }

    func launch() { startFlow() }

    /// Launches, types ann@example.com/secret on the sign-in screen and taps Sign in.
    func signIn() async -> LoginViewModel? {
        launch()
        return await signInOnShownScreen()
    }

    /// Types ann@example.com/secret on the screen the flow showed last and taps Sign in.
    func signInOnShownScreen() async -> LoginViewModel? {
        // Wherever the flow put it: launch-shows-sign-in checks how it got there.
        guard let login = (navigator.shown + navigator.pushed).compactMap(\.loginScreen).last else {
            Issue.record("After start() the flow should show the sign-in screen; it showed \(navigator.shown.map(\.screenName)).")
            return nil
        }
        login.userName = "ann@example.com"
        login.password = "secret"
        await login.signIn()
        return login
    }

    var paths: [String] { transport.requests.map { "\($0.method) \($0.path)" } }
}

/// Runs `body` with the tripwire armed and returns where production code was reached.
func tripwireSites(_ body: () async -> Void) async -> [CallSite] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.sites
}

func describe(_ sites: [CallSite]) -> String {
    sites.map(\.description).joined(separator: "; ")
}

let acceptedSession = HTTPResponse(status: 200, body: Fixtures.sessionJSON)
let annsSession = Session(userName: "ann", token: "t0k3n")
let fixtureItems = [
    Item(id: 1, title: "Dune", author: "Frank Herbert"),
    Item(id: 2, title: "Solaris", author: "Stanisław Lem"),
    Item(id: 3, title: "Kindred", author: "Octavia E. Butler"),
]

// MARK: - Launch and navigation

@Test func launchShowsTheSignInScreen() async {
    let harness = ShelfHarness(session: .success(acceptedSession), items: .success(HTTPResponse(status: 200, body: Fixtures.itemsJSON)))
    let sites = await tripwireSites { harness.launch() }
    let shown = harness.navigator.shown
    #expect(shown.count == 1 && shown.first?.loginScreen != nil, "start() should show exactly the sign-in screen; it showed \(shown.map(\.screenName)).")
    #expect(harness.navigator.pushed.isEmpty, "start() pushed \(harness.navigator.pushed.map(\.screenName)) before anyone signed in.")
    #expect(sites.isEmpty, "Launching reached the production network: \(describe(sites))")
}

@Test func signInPushesTheItemsScreen() async {
    let harness = ShelfHarness(session: .success(acceptedSession), items: .success(HTTPResponse(status: 200, body: Fixtures.itemsJSON)))
    var pushedList: ItemListViewModel?
    let sites = await tripwireSites {
        _ = await harness.signIn()
        pushedList = harness.navigator.pushed.last?.listScreen
        await pushedList?.reload()
    }
    #expect(sites.isEmpty, "With a stub transport injected, code still reached the production network: \(describe(sites))")
    let pushed = harness.navigator.pushed
    #expect(pushed.compactMap(\.listScreen).count == 1, "A successful sign-in should push the list screen once; the flow pushed \(pushed.map(\.screenName)).")
    guard let list = pushedList else { return }
    #expect(list.state == .loaded(fixtureItems), "After reload() the pushed list should show the server's three books as Items; its state is \(list.state).")
    let itemsRequest = harness.transport.requests.last { $0.path == "/items" }
    #expect(
        itemsRequest?.headers["Authorization"] == "Bearer t0k3n",
        "The list should load with the token of the session that signed in; GET /items was sent with Authorization \(itemsRequest?.headers["Authorization"] ?? "missing").")
}

@Test func buildingScreensSendsNothing() async {
    let harness = ShelfHarness(session: .success(acceptedSession), items: .success(HTTPResponse(status: 200, body: Fixtures.itemsJSON)))
    let sites = await tripwireSites {
        harness.launch()
        #expect(harness.paths.isEmpty, "Building the sign-in screen sent \(harness.paths).")
        _ = await harness.signInOnShownScreen()
    }
    #expect(
        harness.paths == ["POST /session"],
        "Signing in and building the list screen should send only POST /session; the server saw \(harness.paths).")
    #expect(sites.isEmpty, "Building the screens reached the production network: \(describe(sites))")
}

/// Two roots built side by side, each on its own transport: a composition root hands every
/// part what it was given, so nothing one of them does reaches the other. A root that stores its
/// parts somewhere process-wide (a locator, a static) lets the one built last win.
@Test func twoCompositionsSideBySideShareNothing() async {
    let first = ShelfHarness(session: .success(acceptedSession), items: .success(HTTPResponse(status: 200, body: Fixtures.itemsJSON)))
    let second = ShelfHarness(session: .success(HTTPResponse(status: 401)))
    first.launch()
    second.launch()
    let firstLogin = await first.signInOnShownScreen()
    let secondLogin = await second.signInOnShownScreen()
    await first.navigator.pushed.last?.listScreen?.reload()
    #expect(
        firstLogin?.state == .signedIn(annsSession),
        "The first root's server accepts the sign-in, but its screen is \(String(describing: firstLogin?.state)): did its request go to the second root's transport?")
    #expect(
        secondLogin?.state == .failed(.invalidCredentials),
        "The second root's server refuses the sign-in, but its screen is \(String(describing: secondLogin?.state)): did its request go to the first root's transport?")
    #expect(
        first.paths == ["POST /session", "GET /items"],
        "The first root's transport should see its own sign-in and list; it saw \(first.paths).")
    #expect(second.paths == ["POST /session"], "The second root's transport should see only its own sign-in; it saw \(second.paths).")
}

@Test func defaultComposerReachesTheTripwire() async {
    let navigator = RecordingNavigator()
    let flow = AppComposer().makeFlow(navigator: navigator)
    var login: LoginViewModel?
    let sites = await tripwireSites {
        flow.start()
        login = (navigator.shown + navigator.pushed).compactMap(\.loginScreen).last
        login?.userName = "ann"
        login?.password = "secret"
        await login?.signIn()
    }
    withExtendedLifetime(flow) {}
    guard let login else {
        Issue.record("AppComposer().makeFlow(navigator:).start() showed \(navigator.shown.map(\.screenName)), not the sign-in screen.")
        return
    }
    #expect(sites.count == 1, "Signing in through AppComposer() reached the production transport \(sites.count) times\(sites.isEmpty ? "" : ": \(describe(sites))").")
    #expect(login.state == .failed(.offline), "With the real network forbidden, the sign-in screen should end up .failed(.offline); its state is \(login.state).")
}

// MARK: - The sign-in adapter, one row of the table per test

@Test func acceptedSignInGivesASession() async {
    let harness = ShelfHarness(session: .success(acceptedSession))
    let login = await harness.signIn()
    #expect(login?.state == .signedIn(annsSession), "For 200 with a valid SessionDTO (user \"ann\", token \"t0k3n\") the screen should be signed in with that user and token; its state is \(String(describing: login?.state)).")
    let sent = harness.transport.requests.first { $0.path == "/session" }
    let body = sent?.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] }
    #expect(body == ["user": "ann@example.com", "password": "secret"], "POST /session should carry the typed user name and password; its JSON body was \(body.map { "\($0)" } ?? "missing").")
}

@Test func rejectedSignInGivesInvalidCredentials() async {
    let harness = ShelfHarness(session: .success(HTTPResponse(status: 401)))
    let login = await harness.signIn()
    #expect(login?.state == .failed(.invalidCredentials), "For 401 the screen should say the credentials are wrong; its state is \(String(describing: login?.state)).")
    #expect(harness.navigator.pushed.allSatisfy { $0.listScreen == nil }, "A rejected sign-in pushed \(harness.navigator.pushed.map(\.screenName)).")
}

@Test func unreachableServerGivesOffline() async {
    let harness = ShelfHarness(session: .failure(.offline))
    let login = await harness.signIn()
    #expect(login?.state == .failed(.offline), "When the transport fails the screen should say it is offline; its state is \(String(describing: login?.state)).")
}

@Test func serverErrorGivesServerProblem() async {
    for status in [500, 503] {
        let harness = ShelfHarness(session: .success(HTTPResponse(status: status)))
        let login = await harness.signIn()
        #expect(login?.state == .failed(.serverProblem), "For HTTP \(status) the screen should report a server problem; its state is \(String(describing: login?.state)).")
    }
}

@Test func malformedSessionGivesServerProblem() async {
    for body in [#"{"unexpected":true}"#, "<html>Gateway</html>"] {
        let harness = ShelfHarness(session: .success(HTTPResponse(status: 200, body: Data(body.utf8))))
        let login = await harness.signIn()
        #expect(login?.state == .failed(.serverProblem), "For 200 with the body \(body) the screen should report a server problem; its state is \(String(describing: login?.state)).")
        #expect(harness.navigator.pushed.allSatisfy { $0.listScreen == nil }, "A sign-in without a valid session pushed \(harness.navigator.pushed.map(\.screenName)).")
    }
}

// MARK: - The items adapter

@Test func itemsFailuresReachTheList() async {
    let cases: [(Result<HTTPResponse, TransportError>, ItemsError, String)] = [
        (.failure(.offline), .offline, "a transport failure"),
        (.success(HTTPResponse(status: 500)), .serverProblem, "HTTP 500"),
        (.success(HTTPResponse(status: 200, body: Data("[{\"id\":\"x\"}]".utf8))), .serverProblem, "200 with malformed JSON"),
    ]
    for (reply, expected, label) in cases {
        let harness = ShelfHarness(session: .success(acceptedSession), items: reply)
        var list: ItemListViewModel?
        let sites = await tripwireSites {
            _ = await harness.signIn()
            list = (harness.navigator.shown + harness.navigator.pushed).compactMap(\.listScreen).last
            await list?.reload()
        }
        guard sites.isEmpty else {
            Issue.record("The list ignored the injected transport and reached the production network: \(describe(sites))")
            return
        }
        guard let list else {
            Issue.record("A successful sign-in did not lead to the list screen.")
            return
        }
        #expect(list.state == .failed(expected), "For \(label) on GET /items the list should end up .failed(\(expected)); its state is \(list.state).")
    }
}
