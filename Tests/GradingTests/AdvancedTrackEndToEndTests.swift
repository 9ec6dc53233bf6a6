import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The advanced track in a real terminal (tmux): a learner who passed the core track (and
    /// the advanced katas before this one) opens an advanced kata from the stage map, grades its
    /// starter (which fails) and then saves the reference solution (which passes). Every run
    /// shares the tests' one grading cache, so the katas' common dependencies are built once.
    @Suite(.serialized) struct AdvancedTrackEndToEndTests {
        @Test func theAdvancedSectionOpensAfterStageSixAndGradesInterception() async throws {
            let run = try await Run(kata: "07-interception")
            defer { Task { await run.session.stop() } }

            var screen = await run.session.waitFor("Advanced track")
            let heading = screen.split(separator: "\n").first { $0.contains("Advanced track") } ?? ""
            #expect(
                heading.contains("░") && heading.hasSuffix(" 0/\(run.advanced.count)"),
                "the track's own bar: \(heading)")
            #expect(!screen.contains("Unlocks when"), "stage 6 passed, so the track is open")
            let row = screen.split(separator: "\n").first { $0.contains("07-interception  Intercept") } ?? ""
            #expect(row.contains("▸") && row.hasSuffix("open"), "07 is selected and open: \(row)")

            screen = await run.gradeStarter()
            #expect(screen.contains("/26 points") && !screen.contains("✓ Passed"), "the starter fails:\n\(screen)")
            #expect(screen.contains("only-load-conforms") || screen.contains("A loader with nothing but loadItems"))

            screen = try await run.saveSolution()
            #expect(screen.contains("passed! \(run.advanced[1])") && screen.contains("unlocked"))
            screen = await run.backToKata()
            #expect(screen.contains("26/26 points"))
            #expect(run.passed)
        }

        /// 08 to 11, each opened where the map starts (the kata after the ones already passed).
        @Test(arguments: ["08-service-locator", "09-lifestyles", "10-composers", "11-ambient-context"])
        func anAdvancedKataFailsAsStartedAndPassesWithItsReferenceSolution(id: String) async throws {
            let run = try await Run(kata: id)
            defer { Task { await run.session.stop() } }
            let position = try #require(run.advanced.firstIndex(of: id), "\(id) is on the advanced track")
            let points = run.kata.manifest.checks.reduce(0) { $0 + $1.points }

            var screen = await run.session.waitFor("Advanced track")
            let heading = screen.split(separator: "\n").first { $0.contains("Advanced track") } ?? ""
            #expect(
                heading.hasSuffix(" \(position)/\(run.advanced.count)"), "the katas before \(id) passed: \(heading)")
            // The row names the kata and its title (the header names the current kata too).
            let title = run.kata.manifest.title.prefix(12)
            let row = screen.split(separator: "\n").first { $0.contains("\(id)  \(title)") } ?? ""
            #expect(row.contains("▸") && row.hasSuffix("open"), "\(id) is selected and open: \(row)")

            screen = await run.gradeStarter()
            #expect(
                screen.contains("/\(points) points") && !screen.contains("\(points)/\(points) points")
                    && !screen.contains("✓ Passed"),
                "the starter of \(id) fails:\n\(screen)")

            screen = try await run.saveSolution()
            if position + 1 < run.advanced.count {
                #expect(
                    screen.contains("passed! \(run.advanced[position + 1])"), "the next kata is offered:\n\(screen)")
            }
            screen = await run.backToKata()
            #expect(screen.contains("\(points)/\(points) points"), "the solution of \(id) passes:\n\(screen)")
            #expect(run.passed)
        }

        /// dikata in tmux on a fresh workspace where every kata before `kata` has passed, so the
        /// stage map starts on it.
        struct Run {
            let session: TutorialEndToEndTests.Session
            let workspace: Workspace
            let kata: Kata
            let advanced: [String]

            init(kata id: String) async throws {
                session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
                let folder = try Fixtures.temporaryDirectory("advanced")
                workspace = Workspace(root: folder.appendingPathComponent("workspace"))
                let library = try Fixtures.library()
                kata = try #require(library.kata(id))
                _ = try workspace.initialise(from: library)
                let core = library.catalog.tracks.filter { $0.id != "advanced" }.flatMap(\.katas)
                advanced = try #require(library.catalog.tracks.first { $0.id == "advanced" }).katas
                var progress = LearnerProgress(current: id)
                for passed in core + advanced.prefix(while: { $0 != id }) {
                    progress.katas[passed] = LearnerProgress.KataProgress(
                        attempts: 1, bestPoints: 1, maxPoints: 1, passed: true)
                }
                _ = try ProgressStore(file: workspace.progressFile).save(progress)

                let script = """
                    DIKATA_WORKSPACE=\(workspace.root.path) DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) EDITOR=true \
                    TERM=xterm-256color \(Slow.CommandLineTests.binary.path); sleep 60
                    """
                _ = await session.run([
                    "new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "bash", "-c", script,
                ])
            }

            /// Opens the kata from the map and grades the starter; returns the checks' screen.
            func gradeStarter() async -> String {
                let id = kata.manifest.id
                // The first key can arrive while the terminal is still being set up.
                for _ in 0..<10 where !(await session.screen()).contains("Kata \(id)") {
                    await session.keys("o")
                    try? await Task.sleep(for: .milliseconds(500))
                }
                _ = await session.waitFor("Kata \(id)")
                await session.keys("r")
                return await session.waitFor("Checks · ", seconds: 240)
            }

            /// The learner's edit: the reference solution saved over the starter; watching grades it.
            func saveSolution() async throws -> String {
                let id = kata.manifest.id
                try KataPackage.applySolution(of: kata, onto: workspace.root.appendingPathComponent(id))
                return await session.waitFor("\(id) passed!", seconds: 240)
            }

            /// Leaves the "passed" overlay for the kata's own screen.
            func backToKata() async -> String {
                await session.keys("Escape")
                return await session.waitFor("✓ Passed")
            }

            var passed: Bool {
                ProgressStore(file: workspace.progressFile).load().katas[kata.manifest.id]?.passed == true
            }
        }
    }
}
