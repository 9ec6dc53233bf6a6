@testable import App
import Items
@_spi(Checks) import KataSupport
import Testing

// The root's chain, end to end: sign in on a fake server, load the shelf, and look at the log
// and at what a later launch without a network shows.

@MainActor
@Test func theRootLogsEachLoadOnce() async throws {
    let log = LogSpy()
    let transport = shelfServer()
    let shelf = try #require(await signedInShelf(AppComposer(transport: transport, log: log)))
    Expect.that(log.lines.isEmpty, "building the shelf should log nothing; it logged \(log.lines)")

    await shelf.reload()
    await shelf.reload()
    #expect(shelf.state == .loaded(shelfItems))
    Expect.that(log.lines.count == 2, "two loads should write two lines; they wrote \(log.lines)")

    transport.fail("/v2/items", with: .offline)
    await shelf.reload()
    Expect.that(shelf.state == .loaded(shelfItems), "offline, the shelf should show the books saved by the last load")
    Expect.that(log.lines.count == 3, "a load answered from the saved books is one load: one line; lines: \(log.lines)")
}

@MainActor
@Test func aSecondLaunchOfflineShowsTheSavedShelf() async throws {
    let store = ShelfStore()
    let first = try #require(await signedInShelf(AppComposer(transport: shelfServer(), store: store, log: LogSpy())))
    await first.reload()
    #expect(first.state == .loaded(shelfItems))

    let offline = shelfServer()
    offline.fail("/v2/items", with: .offline)
    let second = try #require(await signedInShelf(AppComposer(transport: offline, store: store, log: LogSpy())))
    await second.reload()
    Expect.that(second.state == .loaded(shelfItems), "a launch without a network should show the saved shelf")

    let nothingSaved = shelfServer()
    nothingSaved.fail("/v2/items", with: .offline)
    let third = try #require(await signedInShelf(AppComposer(transport: nothingSaved, log: LogSpy())))
    await third.reload()
    Expect.that(third.state == .failed(.offline), "with nothing saved, offline should still say offline")
}
