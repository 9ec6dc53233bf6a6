import DIKataCore
import Testing

/// One rule for naming a kata on the command line, used by `grade`, `dev check`, `lesson`
/// and kata selections.
@Suite struct KataQueryTests {
    let ids = ["00-warm-up", "01-singleton", "02-global-state", "03-property-injection", "10-decorators"]

    @Test func anIdANumberOrAUniquePrefixNamesAKata() {
        #expect(KataQuery.resolve("02-global-state", among: ids) == "02-global-state")
        #expect(KataQuery.resolve("2", among: ids) == "02-global-state")
        #expect(KataQuery.resolve("02", among: ids) == "02-global-state")
        #expect(KataQuery.resolve("0", among: ids) == "00-warm-up")
        #expect(KataQuery.resolve("10", among: ids) == "10-decorators")
        #expect(KataQuery.resolve("03-prop", among: ids) == "03-property-injection")
    }

    @Test func anAmbiguousOrUnknownNameNamesNothing() {
        #expect(KataQuery.resolve("0", among: ["01-a", "02-b"]) == nil)
        #expect(KataQuery.resolve("7", among: ids) == nil)
        #expect(KataQuery.resolve("", among: ids) == nil)
        #expect(KataQuery.resolve("singleton", among: ids) == nil)
        #expect(KataQuery.number(of: "warm-up") == nil)
        #expect(KataQuery.number(of: "10-decorators") == 10)
    }

    @Test func aLessonIsFoundByItsIdOrByTheKataItPrepares() {
        let index = LessonIndex(lessons: [
            .init(id: "welcome", title: "Welcome", kata: nil, pages: []),
            .init(id: "singletons", title: "Singletons", kata: "01-singleton", pages: []),
            .init(id: "shared-state", title: "Shared state", kata: "02-global-state", pages: []),
        ])
        #expect(index.resolve("welcome")?.id == "welcome")
        #expect(index.resolve("1")?.id == "singletons")
        #expect(index.resolve("02-global-state")?.id == "shared-state")
        #expect(index.resolve("02-g")?.id == "shared-state")
        #expect(index.resolve("sh")?.id == "shared-state")
        #expect(index.resolve("s") == nil)
    }
}
