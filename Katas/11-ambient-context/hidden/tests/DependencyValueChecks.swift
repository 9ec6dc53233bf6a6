@testable import App
import Ambient
import Foundation
import Items
import Testing

@Test func unboundValuesSayWhichOneWasUsed() {
    let reports = Lines()
    let values = ShelfDependencies.failing(report: reports.record)
    Expect.that(reports.all.isEmpty, "Making the failing values reported \(reports.all) before anything was used.")

    _ = values.now()
    values.log("shelf: 3 books")

    let all = reports.all
    Expect.that(all.count == 2, "Reading now() and sending one log line should report twice, once each; the reports are \(all).")
    guard all.count == 2 else { return }
    Expect.that(all[0].contains("now"), "The report for an unbound clock should name `now`; it is \"\(all[0])\".")
    Expect.that(all[1].contains("log"), "The report for an unbound log should name `log`; it is \"\(all[1])\".")
    Expect.that(all[0] != all[1], "Both values reported the same text, \"\(all[0])\": say which one was used.")
}

@MainActor
@Test func twentyTasksBindTwentyClocks() async {
    let seen = await withTaskGroup(of: (Int, String).self) { group in
        for minutes in 0..<20 {
            group.addTask { await lastLineOfABoundShelf(movedBy: minutes) }
        }
        var seen: [Int: String] = [:]
        for await (minutes, last) in group { seen[minutes] = last }
        return seen
    }
    let wrong = (0..<20).filter { seen[$0] != updatedLine(minutes: $0) }
    Expect.that(
        wrong.isEmpty,
        "Twenty tasks each bound their own clock, built a shelf through a new root and moved the clock n minutes after the load. These shelves showed another task's time: \(wrong.map { "task \($0): \(seen[$0] ?? "nothing")" }.joined(separator: "; ")).")
}

/// Binds a stopped clock for this task, builds and loads a shelf through a new root, moves the
/// clock and reads the shelf's last line.
@MainActor
private func lastLineOfABoundShelf(movedBy minutes: Int) async -> (Int, String) {
    let clock = StoppedClock()
    return await ShelfDependencies.$current.withValue(boundValues(now: clock.now, log: { _ in })) {
        let shelf = shelfFromTheRoot()
        await shelf.reload()
        clock.advance(minutes: minutes)
        return (minutes, shelf.lines.last ?? "nothing")
    }
}

@MainActor
@Test func aShelfKeepsTheClockItWasBuiltWith() async {
    // A root built before, under other values, must not decide this shelf's clock (whichever
    // check happens to run first).
    let before = StoppedClock(Date(timeIntervalSince1970: 5_000_000))
    _ = ShelfDependencies.$current.withValue(boundValues(now: before.now, log: { _ in })) {
        shelfFromTheRoot()
    }
    let clock = StoppedClock(Date(timeIntervalSince1970: 1_000_000))
    let shelf = ShelfDependencies.$current.withValue(boundValues(now: clock.now, log: { _ in })) {
        shelfFromTheRoot()
    }

    // Out of the binding's scope, on another task, as a callback delivered later would be.
    await Task.detached { await shelf.reload() }.value
    clock.advance(minutes: 7)
    let last = await Task.detached { await shelf.lines.last }.value

    Expect.that(
        last == "Updated 7 minutes ago",
        "The shelf was built while a stopped clock was bound, then loaded and read outside that scope after the clock moved 7 minutes; its last line is \(last ?? "nothing"), so it asked for the time where the binding is gone.")
}

@MainActor
@Test func theRootLogsEachShelfLoad() async {
    let log = Lines()
    let clock = StoppedClock()
    let shelf = await ShelfDependencies.$current.withValue(boundValues(now: clock.now, log: log.record)) {
        let shelf = shelfFromTheRoot()
        await shelf.reload()
        return shelf
    }

    Expect.that(
        shelf.state == .loaded(Fixtures3.items),
        "The shelf built by the root should load the server's three books; its state is \(shelf.state).")
    let loads = log.all.filter { $0.contains("3 books") }
    Expect.that(
        loads.count == 1,
        "One shelf load should send one line containing \"3 books\" to the bound log; it received \(log.all).")
}

private enum Fixtures3 {
    static let items = [
        Item(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin"),
        Item(id: 2, title: "Piranesi", author: "Susanna Clarke"),
        Item(id: 3, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin"),
    ]
}
