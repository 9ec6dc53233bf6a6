@testable import App
import APIClient
import Friends
import Items
@_spi(Checks) import KataSupport
import Login
import ShelfDI
import Testing

/// Runs `body` with the tripwire armed and returns what reached the production transport.
@MainActor
func requestsReachingProduction(_ body: () async -> Void) async -> [HTTPRequest] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.requests
}

/// Shelf's own module passes verify(), with a fake server; every screen the composer offers can
/// be made (the root's own requests are outside what verify() sees); and the app still signs in
/// and lists the shelf through what the container made.
@MainActor
@Test func shelfsGraphVerifiesAndStillShowsTheShelf() async {
    let transport = shelfServer()
    let navigator = RecordingNavigator()
    let composer = AppComposer(transport: transport)
    let production = await requestsReachingProduction {
        do {
            try composer.container.verify()
        } catch {
            Issue.record("Shelf's container should verify: \(readable(error))")
            return
        }
        let friends = composer.makeFriendListViewModel(for: gracesSession)
        Expect.that(friends.state == .idle, "A friends screen should be built without loading anything.")
        composer.start(navigator: navigator)
        guard let login = navigator.all.compactMap(\.loginScreen).last else {
            Issue.record("start(navigator:) should show the sign-in screen; it showed \(names(navigator.all)).")
            return
        }
        await signInAsGrace(on: login)
        guard let shelf = navigator.all.compactMap(\.listScreen).last else {
            Issue.record("After signing in the flow should push the shelf; it showed \(names(navigator.all)).")
            return
        }
        await shelf.reload()
        Expect.that(
            shelf.state == .loaded(shelfBooks),
            "The shelf should list the fake server's three books.")
    }
    Expect.that(production.isEmpty, "Nothing may reach production; it got \(production.map(\.summary)).")
}

@MainActor
@Test func theRootSharesOneClient() throws {
    let composer = AppComposer(transport: shelfServer())
    let first = try composer.container.resolve(ServerAPIClient.self)
    let second = try composer.container.resolve(ServerAPIClient.self)
    Expect.that(first === second, "Shelf's client should be registered once and shared; two resolves gave two clients.")
}

let shelfBooks = [
    Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
    Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
    Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
]
