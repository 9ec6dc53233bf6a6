import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The advanced track in a real terminal (tmux): a learner who passed the core track sees
    /// the advanced section open on the stage map, opens 07-interception, grades its starter
    /// (which fails) and then saves the reference solution (which passes).
    @Suite(.serialized) struct AdvancedTrackEndToEndTests {
        @Test func theAdvancedSectionOpensAfterStageSixAndGradesInterception() async throws {
            let session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
            let folder = try Fixtures.temporaryDirectory("advanced")
            let workspace = Workspace(root: folder.appendingPathComponent("workspace"))
            let library = try Fixtures.library()
            _ = try workspace.initialise(from: library)
            // The core track is behind the learner; the map starts on the first advanced kata.
            let core = library.catalog.tracks.filter { $0.id != "advanced" }.flatMap(\.katas)
            let advanced = try #require(library.catalog.tracks.first { $0.id == "advanced" }).katas
            var progress = LearnerProgress(current: "07-interception")
            for id in core {
                progress.katas[id] = LearnerProgress.KataProgress(
                    attempts: 1, bestPoints: 1, maxPoints: 1, passed: true)
            }
            _ = try ProgressStore(file: workspace.progressFile).save(progress)

            let script = """
                DIKATA_WORKSPACE=\(workspace.root.path) DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) EDITOR=true \
                TERM=xterm-256color \(Slow.CommandLineTests.binary.path); sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "bash", "-c", script])
            defer { Task { await session.stop() } }

            var screen = await session.waitFor("Advanced track")
            let heading = screen.split(separator: "\n").first { $0.contains("Advanced track") } ?? ""
            #expect(
                heading.contains("░") && heading.hasSuffix(" 0/\(advanced.count)"), "the track's own bar: \(heading)")
            #expect(!screen.contains("Unlocks when"), "stage 6 passed, so the track is open")
            let row = screen.split(separator: "\n").first { $0.contains("07-interception  Intercept") } ?? ""
            #expect(row.contains("▸") && row.hasSuffix("open"), "07 is selected and open: \(row)")

            // Open the kata; the first key can arrive while the terminal is still being set up.
            for _ in 0..<10 where !(await session.screen()).contains("Kata 07-interception") {
                await session.keys("o")
                try await Task.sleep(for: .milliseconds(500))
            }
            _ = await session.waitFor("Kata 07-interception")
            await session.keys("r")
            screen = await session.waitFor("Checks · ", seconds: 240)
            #expect(screen.contains("/26 points") && !screen.contains("✓ Passed"), "the starter fails:\n\(screen)")
            #expect(screen.contains("only-load-conforms") || screen.contains("A loader with nothing but loadItems"))

            // The learner's edit: the reference solution saved over the starter; watching grades it.
            let kata = try #require(library.kata("07-interception"))
            try KataPackage.applySolution(of: kata, onto: workspace.root.appendingPathComponent("07-interception"))
            screen = await session.waitFor("07-interception passed!", seconds: 240)
            #expect(screen.contains("passed! \(advanced[1])") && screen.contains("unlocked"))
            await session.keys("Escape")
            screen = await session.waitFor("✓ Passed")
            #expect(screen.contains("26/26 points"))
            #expect(ProgressStore(file: workspace.progressFile).load().katas["07-interception"]?.passed == true)
        }
    }
}
