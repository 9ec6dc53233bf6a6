@testable import App
import Foundation
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

// MARK: - Helpers

/// Shelf wired by `AppComposer` onto a fake server. It keeps the flow alive itself, as the
/// checks of the adapters and the flow do not test who owns it (root-keeps-flow does).
@MainActor
final class ShelfHarness {
    let transport: RecordingTransport
    let navigator = RecordingNavigator()
    let flow: AppFlow

    init(_ transport: RecordingTransport = shelfServer()) {
        self.transport = transport
        flow = AppComposer(transport: transport).makeFlow(navigator: navigator)
    }

    func launch() { flow.start() }

    /// Launches, then signs grace in on the sign-in screen the flow put up.
    @discardableResult
    func signIn() async -> LoginViewModel? {
        launch()
        return await signInOnShownScreen()
    }

    /// Signs grace in on the last sign-in screen the flow showed or pushed.
    @discardableResult
    func signInOnShownScreen() async -> LoginViewModel? {
        // Wherever the flow put it: launch-shows-sign-in checks how it got there.
        guard let login = navigator.all.compactMap(\.loginScreen).last else {
            Expect.fail("After start() the flow should show the sign-in screen; it showed \(names(navigator.shown)).")
            return nil
        }
        await signInAsGrace(on: login)
        return login
    }

    /// The shelf the flow pushed last, if any.
    var shelf: ItemListViewModel? { navigator.all.compactMap(\.listScreen).last }

    var paths: [String] { transport.requests.map(\.summary) }
}

/// Runs `body` with the tripwire armed and returns what reached the production transport.
@MainActor
func productionRequests(_ body: () async -> Void) async -> [HTTPRequest] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.requests
}

func describe(_ requests: [HTTPRequest]) -> String {
    requests.isEmpty ? "nothing" : requests.map(\.summary).joined(separator: ", ")
}

/// Lets tasks that something started on the main actor run before a check looks.
func letMainActorWorkRun() async {
    for _ in 0..<10 { await Task.yield() }
}

/// Lets tasks that something started in the background run too, wherever they run: the main
/// actor's first, then 50 ms for the others.
func letBackgroundWorkRun() async {
    await letMainActorWorkRun()
    try? await Task.sleep(for: .milliseconds(50))
}

let shelfItems = [
    Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
    Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
    Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
]

// MARK: - Launch and navigation

@MainActor
@Test func launchShowsTheSignInScreen() async {
    let harness = ShelfHarness()
    let reached = await productionRequests { harness.launch() }
    let shown = harness.navigator.shown
    Expect.that(
        shown.count == 1 && shown.first?.loginScreen != nil,
        "start() should show exactly the sign-in screen; it showed \(names(shown)).")
    Expect.that(harness.navigator.pushed.isEmpty, "start() pushed \(names(harness.navigator.pushed)) before anyone signed in.")
    Expect.that(reached.isEmpty, "Launching reached the production server: \(describe(reached)).")
}

@MainActor
@Test func signInPushesTheShelf() async {
    let harness = ShelfHarness()
    let reached = await productionRequests {
        await harness.signIn()
        await harness.shelf?.reload()
    }
    Expect.that(reached.isEmpty, "With a fake server injected, code still reached the production server: \(describe(reached)).")
    let pushed = harness.navigator.pushed
    Expect.that(
        pushed.compactMap(\.listScreen).count == 1,
        "A successful sign-in should push the shelf once; the flow pushed \(names(pushed)).")
    guard let shelf = pushed.compactMap(\.listScreen).last else { return }
    Expect.that(
        shelf.state == .loaded(shelfItems),
        "After reload() the pushed shelf should show the server's three books as Items; its state is \(shelf.state).")
    let sent = harness.transport.requests.last { $0.path == "/v2/items" }
    Expect.that(
        sent?.headers["Authorization"] == "Bearer token-grace",
        "The shelf should load GET /v2/items with the token of the session that signed in; its Authorization header was \(sent?.headers["Authorization"] ?? "missing").")
}

@MainActor
@Test func eachEntryBecomesAnItem() async {
    let page = HTTPResponse.json(
        #"{"page": 1, "items": [{"id": 9, "title": "Good Omens", "authors": ["Terry Pratchett", "Neil Gaiman"]}]}"#)
    let harness = ShelfHarness(shelfServer(items: page))
    await harness.signIn()
    await harness.shelf?.reload()
    Expect.that(
        harness.shelf?.state == .loaded([Item(id: 9, title: "Good Omens", author: "Terry Pratchett, Neil Gaiman")]),
        "A v2 entry with the authors [\"Terry Pratchett\", \"Neil Gaiman\"] should become one Item whose author is \"Terry Pratchett, Neil Gaiman\"; the shelf's state is \(String(describing: harness.shelf?.state)).")
}

@MainActor
@Test func buildingScreensSendsNothing() async {
    let harness = ShelfHarness()
    let reached = await productionRequests {
        harness.launch()
        // Work the launch started elsewhere and later still shows up after the wait below, in
        // the list of paths the server saw: one wait for the whole check is enough.
        await letMainActorWorkRun()
        Expect.that(harness.paths.isEmpty, "Building the sign-in screen sent \(harness.paths).")
        await harness.signInOnShownScreen()
        await letBackgroundWorkRun()
    }
    Expect.that(
        harness.paths == ["POST /v2/session"],
        "Launching, signing in and building the shelf should send only POST /v2/session (the shelf loads on reload()); the server saw \(harness.paths).")
    Expect.that(reached.isEmpty, "Building the screens reached the production server: \(describe(reached)).")
}

/// Two roots built side by side, each on its own fake server: a composition root hands every
/// part what it was given, so nothing one of them does reaches the other. A root that keeps its
/// parts somewhere process-wide (a locator, a static) lets the one built last win.
@MainActor
@Test func twoCompositionsSideBySideShareNothing() async {
    let first = ShelfHarness()
    let second = ShelfHarness(shelfServer(session: Fixtures.unauthorized))
    first.launch()
    second.launch()
    let firstLogin = await first.signInOnShownScreen()
    let secondLogin = await second.signInOnShownScreen()
    await first.shelf?.reload()
    Expect.that(
        firstLogin?.state == .signedIn(gracesSession),
        "The first root's server accepts the sign-in, but its screen is \(String(describing: firstLogin?.state)): did its request go to the other root's server?")
    Expect.that(
        secondLogin?.state == .failed(.invalidCredentials),
        "The second root's server refuses the sign-in, but its screen is \(String(describing: secondLogin?.state)): did its request go to the other root's server?")
    Expect.that(
        first.paths == ["POST /v2/session", "GET /v2/items"],
        "The first root's server should see its own sign-in and shelf; it saw \(first.paths).")
    Expect.that(second.paths == ["POST /v2/session"], "The second root's server should see only its own sign-in; it saw \(second.paths).")
}

@MainActor
@Test func defaultComposerReachesProduction() async {
    let navigator = RecordingNavigator()
    let flow = AppComposer().makeFlow(navigator: navigator)
    var login: LoginViewModel?
    let reached = await productionRequests {
        flow.start()
        login = navigator.all.compactMap(\.loginScreen).last
        if let login { await signInAsGrace(on: login) }
    }
    withExtendedLifetime(flow) {}
    guard let login else {
        Expect.fail("AppComposer().makeFlow(navigator:).start() showed \(names(navigator.shown)), not the sign-in screen.")
        return
    }
    Expect.that(
        reached.map(\.summary) == ["POST /v2/session"],
        "signIn() through AppComposer() should reach the production server once, with POST /v2/session; it reached it with \(describe(reached)).")
    Expect.that(
        login.state == .failed(.offline),
        "With the real network forbidden, the sign-in screen should end up .failed(.offline); its state is \(login.state).")
}

// MARK: - The sign-in adapter, one row of the table per check

@MainActor
@Test func acceptedSignInGivesASession() async {
    let harness = ShelfHarness()
    let login = await harness.signIn()
    Expect.that(
        login?.state == .signedIn(gracesSession),
        "For a 200 with a v2 session (access_token \"token-grace\", display_name \"Grace\") the screen should be signed in with that token and name; its state is \(String(describing: login?.state)).")
    let sent = harness.transport.requests.first { $0.path == "/v2/session" }
    let body = sent?.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] }
    Expect.that(
        sent?.method == "POST" && body == ["handle": "grace", "password": "pw"],
        "Sign-in should POST the typed user name as `handle` and the password to /v2/session; the server got \(sent.map(\.summary) ?? "nothing") with the body \(body.map { "\($0)" } ?? "missing").")
}

@MainActor
@Test func rejectedSignInGivesInvalidCredentials() async {
    let harness = ShelfHarness(shelfServer(session: Fixtures.unauthorized))
    let login = await harness.signIn()
    Expect.that(
        login?.state == .failed(.invalidCredentials),
        "For a 401 the screen should say the credentials are wrong; its state is \(String(describing: login?.state)).")
    Expect.that(harness.navigator.pushed.isEmpty, "A refused sign-in pushed \(names(harness.navigator.pushed)).")
}

@MainActor
@Test func unreachableServerGivesOffline() async {
    let transport = shelfServer()
    transport.fail("/v2/session", with: .offline)
    let login = await ShelfHarness(transport).signIn()
    Expect.that(
        login?.state == .failed(.offline),
        "When the transport fails there is no answer at all, and the screen should say it is offline; its state is \(String(describing: login?.state)).")
}

@MainActor
@Test func serverErrorGivesServerProblem() async {
    for status in [500, 503] {
        let login = await ShelfHarness(shelfServer(session: HTTPResponse(status: status))).signIn()
        Expect.that(
            login?.state == .failed(.serverProblem),
            "For HTTP \(status) the screen should report a server problem; its state is \(String(describing: login?.state)).")
    }
}

@MainActor
@Test func malformedSessionGivesServerProblem() async {
    let answers: [(HTTPResponse, String)] = [
        (Fixtures.session(user: "grace"), "a v1 session (the old API's shape)"),
        (.json("<html>Gateway</html>"), "an HTML page"),
    ]
    for (answer, label) in answers {
        let harness = ShelfHarness(shelfServer(session: answer))
        let login = await harness.signIn()
        Expect.that(
            login?.state == .failed(.serverProblem),
            "For a 200 whose body is \(label) the screen should report a server problem; its state is \(String(describing: login?.state)).")
        Expect.that(harness.navigator.pushed.isEmpty, "A sign-in without a valid session pushed \(names(harness.navigator.pushed)).")
    }
}

// MARK: - The items adapter

@MainActor
@Test func itemsFailuresReachTheShelf() async {
    let rows: [(String, (RecordingTransport) -> Void, ItemsError)] = [
        ("a transport failure", { $0.fail("/v2/items", with: .offline) }, .offline),
        ("HTTP 500", { $0.respond(to: "/v2/items", with: HTTPResponse(status: 500)) }, .serverProblem),
        ("a v1 list (the old API's shape)", { $0.respond(to: "/v2/items", with: Fixtures.items) }, .serverProblem),
    ]
    for (label, prepare, expected) in rows {
        let harness = ShelfHarness()
        prepare(harness.transport)
        let reached = await productionRequests {
            await harness.signIn()
            await harness.shelf?.reload()
        }
        guard reached.isEmpty else {
            Expect.fail("The shelf ignored the injected server and reached the production server: \(describe(reached)).")
            return
        }
        guard let shelf = harness.shelf else {
            Expect.fail("A successful sign-in did not lead to the shelf.")
            return
        }
        Expect.that(
            shelf.state == .failed(expected),
            "For \(label) on GET /v2/items the shelf should end up .failed(.\(expected)); its state is \(shelf.state).")
    }
}
