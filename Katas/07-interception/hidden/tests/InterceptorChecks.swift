@testable import App
import Items
import Synchronization
import Testing

// The three interceptors, each around test loaders: what they add, and that they add nothing
// else (the answer and the error pass through as the wrapped loader gave them).

/// A loader that gives `answer` and counts how often it was asked.
final class LoaderSpy: ItemsLoader {
    let answer: Result<[Item], ItemsError>
    private let count = Mutex(0)

    init(_ answer: Result<[Item], ItemsError>) { self.answer = answer }

    func loadItems() async throws(ItemsError) -> [Item] {
        count.withLock { $0 += 1 }
        await Task.yield()
        return try answer.get()
    }

    var calls: Int { count.withLock { $0 } }
}

let twoBooks = Array(shelfItems.prefix(2))

// MARK: - Caching

@Test func cachingSavesWhatTheBaseDelivers() async throws {
    let base = LoaderSpy(.success(twoBooks))
    let cache = CacheSpy()
    let loader = CachingItemsLoader(base: base, cache: cache)

    let items = try await loader.loadItems()

    Expect.that(items == twoBooks, "the caching loader should hand on the base's books unchanged")
    Expect.that(base.calls == 1, "one load should ask the base once; it asked \(base.calls) times")
    Expect.that(cache.saves == [twoBooks], "one good load should save those books once; saves: \(cache.saves)")
}

@Test func cachingSavesNothingWhenTheBaseFails() async {
    for failure in [ItemsError.offline, .serverProblem] {
        let cache = CacheSpy()
        let loader = CachingItemsLoader(base: LoaderSpy(.failure(failure)), cache: cache)

        await #expect(throws: failure, "the base's error should reach the screen as it was") {
            try await loader.loadItems()
        }
        Expect.that(cache.saves.isEmpty, "a failed load (\(failure)) must not save anything; saves: \(cache.saves)")
    }
}

@Test func aFailedSaveStillDeliversTheItems() async throws {
    let cache = CacheSpy(failing: true)
    let loader = CachingItemsLoader(base: LoaderSpy(.success(twoBooks)), cache: cache)

    let items = try await loader.loadItems()

    Expect.that(items == twoBooks, "a save that fails should not cost the screen its books")
    #expect(cache.saves == [twoBooks])
}

// MARK: - Fallback

@Test func theFallbackAnswersWhenThePrimaryFails() async throws {
    for failure in [ItemsError.offline, .serverProblem] {
        let fallback = LoaderSpy(.success(twoBooks))
        let loader = ItemsLoaderWithFallback(primary: LoaderSpy(.failure(failure)), fallback: fallback)

        let items = try await loader.loadItems()

        Expect.that(items == twoBooks, "when the primary fails (\(failure)), the fallback's books should arrive")
        #expect(fallback.calls == 1)
    }
    let bothFail = ItemsLoaderWithFallback(
        primary: LoaderSpy(.failure(.serverProblem)), fallback: LoaderSpy(.failure(.offline)))
    await #expect(throws: ItemsError.serverProblem, "when both fail, the primary's reason should reach the screen") {
        try await bothFail.loadItems()
    }
}

@Test func theFallbackIsNotAskedWhenThePrimaryAnswers() async throws {
    let primary = LoaderSpy(.success(twoBooks))
    let fallback = LoaderSpy(.success([shelfItems[2]]))
    let loader = ItemsLoaderWithFallback(primary: primary, fallback: fallback)

    let items = try await loader.loadItems()

    #expect(items == twoBooks)
    #expect(primary.calls == 1)
    Expect.that(fallback.calls == 0, "the fallback should be left alone while the primary answers")
}

// MARK: - Logging

@Test func theLoggerWritesOneLinePerLoad() async throws {
    let log = LogSpy()
    let answering = LoggingItemsLoader(base: LoaderSpy(.success(twoBooks)), log: log)
    let failing = LoggingItemsLoader(base: LoaderSpy(.failure(.offline)), log: log)

    #expect(try await answering.loadItems() == twoBooks)
    Expect.that(log.lines.count == 1, "a good load should write one line; it wrote \(log.lines)")
    await #expect(throws: ItemsError.offline) { try await failing.loadItems() }
    Expect.that(log.lines.count == 2, "a failed load should write one line too; lines: \(log.lines)")
    Expect.that(log.lines.allSatisfy { !$0.allSatisfy(\.isWhitespace) }, "a log line should say something")
}
