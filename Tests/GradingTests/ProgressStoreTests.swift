import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// Progress never goes backwards: two writers (the open tutorial and `dikata grade` in another
/// terminal) merge instead of overwriting each other. Milliseconds, real files.
@Suite struct ProgressStoreTests {
    let day = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(attempts: Int, best: Int, passed: Bool, at seconds: Double, hints: Int = 0)
        -> LearnerProgress.KataProgress
    {
        .init(
            attempts: attempts, bestPoints: best, maxPoints: 10, passed: passed,
            lastGraded: day.addingTimeInterval(seconds), hintsUsed: hints)
    }

    @Test func mergingKeepsTheBestOfBoth() {
        let tutorial = LearnerProgress(
            katas: [
                "01-singleton": entry(attempts: 3, best: 6, passed: false, at: 10, hints: 2),
                "02-global-state": entry(attempts: 1, best: 2, passed: false, at: 5),
            ],
            current: "02-global-state", unlocked: ["03-property-injection"])
        let cli = LearnerProgress(
            katas: ["01-singleton": entry(attempts: 4, best: 10, passed: true, at: 20)],
            current: "01-singleton", unlocked: ["04-extensions"])
        let merged = tutorial.merged(with: cli)
        let singleton = merged.katas["01-singleton"]
        #expect(singleton?.passed == true)
        #expect(singleton?.bestPoints == 10)
        #expect(singleton?.attempts == 4)
        #expect(singleton?.hintsUsed == 2)
        #expect(singleton?.lastGraded == day.addingTimeInterval(20))
        #expect(merged.katas["02-global-state"]?.attempts == 1)
        #expect(merged.current == "02-global-state", "the writer's own current kata wins")
        #expect(merged.unlocked == ["03-property-injection", "04-extensions"])
        #expect(cli.merged(with: tutorial).katas == merged.katas, "the katas merge the same either way")
    }

    @Test func aStaleWriterDoesNotUndoAPassOnDisk() throws {
        let store = ProgressStore(file: try Fixtures.temporaryDirectory("progress").appendingPathComponent("p.json"))
        let openedEarlier = store.load()  // the tutorial's copy, read before the CLI graded
        var cli = store.load()
        cli.katas["01-singleton"] = entry(attempts: 1, best: 10, passed: true, at: 1)
        try store.save(cli)
        var tutorial = openedEarlier
        tutorial.revealHint(1, of: "02-global-state")
        let written = try store.save(tutorial)
        #expect(store.load() == written)
        #expect(store.load().katas["01-singleton"]?.passed == true)
        #expect(store.load().katas["02-global-state"]?.hintsUsed == 1)
    }

    @Test func concurrentWritersLoseNothing() async throws {
        let file = try Fixtures.temporaryDirectory("progress").appendingPathComponent("p.json")
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let store = ProgressStore(file: file)
                    for attempt in 0..<10 {
                        var progress = LearnerProgress()
                        progress.katas["kata-\(writer)-\(attempt)"] = .init(attempts: 1, passed: true)
                        _ = try? store.save(progress)
                    }
                }
            }
        }
        let katas = ProgressStore(file: file).load().katas
        #expect(katas.count == 80)
        #expect(katas.values.allSatisfy { $0.passed })
    }
}
