import Items
import Synchronization
import Testing

// The shared repository on its own, with a test loader: no App, no server.

/// Counts its loads and answers after a pause, so loads that overlap really do overlap.
final class SlowCountingLoader: ItemsLoader {
    private let count = Mutex(0)
    let items: [Item]

    init(items: [Item]) { self.items = items }

    var loads: Int { count.withLock { $0 } }

    func loadItems() async throws(ItemsError) -> [Item] {
        count.withLock { $0 += 1 }
        try? await Task.sleep(for: .milliseconds(20))
        return items
    }
}

@Test func aHundredConcurrentLoadsAskOnce() async {
    let books = [Item(id: 7, title: "Kindred", author: "Octavia E. Butler")]
    let loader = SlowCountingLoader(items: books)
    let repository = ItemsRepository(loader: loader)

    let answers = await withTaskGroup(of: [Item]?.self) { group in
        for _ in 0..<100 {
            group.addTask { try? await repository.loadItems() }
        }
        var answers: [[Item]?] = []
        for await answer in group { answers.append(answer) }
        return answers
    }

    #expect(answers.count == 100)
    Expect.that(answers.allSatisfy { $0 == books }, "every one of the 100 loads should get the books")
    Expect.that(
        loader.loads == 1,
        "100 loads at the same time on one repository should ask its loader once; it was asked \(loader.loads) times")
    _ = try? await repository.loadItems()
    Expect.that(loader.loads == 1, "a later load should use the remembered books; the loader was asked \(loader.loads) times")
}
