import Foundation
import Items
import Testing

@MainActor
@Test func aStoppedClockGivesTheShelfAKnownAge() async {
    let clock = StoppedClock()
    let shelf = ItemListViewModel(loader: ThreeBooks(), now: clock.now)

    await shelf.reload()
    Expect.that(
        shelf.lines.last == "Updated just now",
        "Right after reload() the shelf's last line should be \"Updated just now\"; the lines are \(shelf.lines).")
    clock.advance(minutes: 5)
    Expect.that(
        shelf.lines.last == "Updated 5 minutes ago",
        "The injected clock moved five minutes after the load, so the last line should be \"Updated 5 minutes ago\"; the lines are \(shelf.lines).")
}

@MainActor
@Test func twentyShelvesKeepTwentyClocks() async {
    let clocks = (0..<20).map { _ in StoppedClock() }
    let shelves = clocks.map { ItemListViewModel(loader: ThreeBooks(), now: $0.now) }

    await withTaskGroup(of: Void.self) { group in
        for shelf in shelves {
            group.addTask { await shelf.reload() }
        }
    }
    for (minutes, clock) in clocks.enumerated() { clock.advance(minutes: minutes) }

    let wrong = shelves.enumerated().compactMap { minutes, shelf in
        shelf.lines.last == updatedLine(minutes: minutes) ? nil : "shelf \(minutes): \(shelf.lines.last ?? "nothing")"
    }
    Expect.that(
        wrong.isEmpty,
        "Twenty shelves, each built with its own clock, were loaded at once; shelf n's clock then moved n minutes. These shelves showed another age: \(wrong.joined(separator: "; ")).")
}
