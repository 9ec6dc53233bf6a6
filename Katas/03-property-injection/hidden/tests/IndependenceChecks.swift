import APIClient
import Items
import KataSupport
import Login
import Testing

/// Two screens of each kind, each given its own server once, then driven at the same time.
/// The fake servers answer after a suspension, so the two calls really interleave.
@MainActor
@Test func screensKeepTheirOwnClients() async throws {
    let adaServer = RecordingTransport.shelf(user: "ada")
    let graceServer = RecordingTransport.shelf(user: "grace")
    let ada = LoginViewModel()
    ada.client = stagingClient(adaServer)
    ada.user = "ada"
    let grace = LoginViewModel()
    grace.client = stagingClient(graceServer)
    grace.user = "grace"

    await withTaskGroup(of: Void.self) { group in
        group.addTask { await ada.signIn() }
        group.addTask { await grace.signIn() }
    }

    try Expect.require(
        adaServer.requests.count == 1 && graceServer.requests.count == 1,
        "Two LoginViewModels, each given its own server, should each send one request to it; the first server got \(describe(adaServer.requests)), the second \(describe(graceServer.requests)). Each screen must keep the client set on it, and nothing else may share it.")
    Expect.that(
        ada.state == .signedIn(Session(token: "token-ada", userName: "ada"))
            && grace.state == .signedIn(Session(token: "token-grace", userName: "grace")),
        "Each screen should be signed in by its own server; they show \(ada.state) and \(grace.state).")

    let duneServer = shelfServer(holding: "Dune")
    let solarisServer = shelfServer(holding: "Solaris")
    let dune = ItemListViewModel(session: adaSession)
    dune.client = stagingClient(duneServer)
    let solaris = ItemListViewModel(session: adaSession)
    solaris.client = stagingClient(solarisServer)

    await withTaskGroup(of: Void.self) { group in
        group.addTask { await dune.reload() }
        group.addTask { await solaris.reload() }
    }

    Expect.that(
        dune.lines.dropFirst().first?.hasPrefix("• Dune") == true
            && solaris.lines.dropFirst().first?.hasPrefix("• Solaris") == true,
        "Two ItemListViewModels, each given its own server, should each show that server's book; they show \(dune.lines) and \(solaris.lines).")

    // Many screens at once, each with a server of its own.
    let count = 16
    let screens = (0..<count).map { index in
        let screen = LoginViewModel()
        screen.client = stagingClient(RecordingTransport.shelf(user: "reader\(index)"))
        screen.user = "reader\(index)"
        return screen
    }
    await withTaskGroup(of: Void.self) { group in
        for screen in screens { group.addTask { await screen.signIn() } }
    }
    let mixedUp = screens.indices.filter {
        screens[$0].state != .signedIn(Session(token: "token-reader\($0)", userName: "reader\($0)"))
    }
    Expect.that(
        mixedUp.isEmpty,
        "\(mixedUp.count) of \(count) screens signing in at the same time were not signed in by their own server (screen \(mixedUp.first ?? 0) shows \(mixedUp.first.map { "\(screens[$0].state)" } ?? "")).")
}

@MainActor
@Test func swappingTheClientChangesTheScreen() async {
    let screen = LoginViewModel()
    screen.user = "reader"

    screen.client = stagingClient(RecordingTransport.shelf(user: "ada"))
    await screen.signIn()
    let before = screen.state
    screen.client = stagingClient(RecordingTransport.shelf(user: "grace"))
    await screen.signIn()

    Expect.that(
        before == .signedIn(Session(token: "token-ada", userName: "ada"))
            && screen.state == .signedIn(Session(token: "token-grace", userName: "grace")),
        "Swapping the client between two sign-ins should change who the server signs in; the screen went from \(before) to \(screen.state).")
}
