import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The whole track as a learner walks it, in a real terminal (tmux) from a fresh workspace:
    /// open the warm-up, save each kata's reference solution into the learner's folder, watch it
    /// pass, press `n` on the pass popup to open the next one, until the last kata of the last
    /// track has passed and the map shows every kata passed.
    @Suite(.serialized) struct TrackWalkEndToEndTests {
        @Test func aLearnerWalksEveryKataFromAFreshWorkspace() async throws {
            let session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
            let folder = try Fixtures.temporaryDirectory("walk")
            let workspace = folder.appendingPathComponent("workspace")
            let binary = Slow.CommandLineTests.binary.path
            let script = """
                DIKATA_WORKSPACE=\(workspace.path) DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) EDITOR=true \
                TERM=xterm-256color \(binary); sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "bash", "-c", script])
            defer { Task { await session.stop() } }

            let library = try Fixtures.library()
            let order = library.catalog.orderedKataIDs
            #expect(order.first == "00-warm-up" && order.contains("06-composition-root"), "\(order)")
            _ = await session.waitFor("Progress")
            // The first key can arrive while the terminal is still being set up: press until it opens.
            for _ in 0..<10 where !(await session.screen()).contains("Kata \(order[0])") {
                await session.keys("o")
                try await Task.sleep(for: .milliseconds(500))
            }
            for (index, id) in order.enumerated() {
                _ = await session.waitFor("Kata \(id)")
                // Watching is on from the start: saving the files grades them.
                let kata = try #require(library.kata(id))
                // The learner's edit: the reference solution saved over their files.
                try KataPackage.applySolution(of: kata, onto: workspace.appendingPathComponent(id))
                let screen = await session.waitFor("\(id) passed!", seconds: 240)
                guard screen.contains("\(id) passed!") else { return }
                if index + 1 < order.count {
                    #expect(screen.contains("passed! \(order[index + 1])") && screen.contains("unlocked"))
                    await session.keys("n")
                } else {
                    #expect(screen.contains("That was the last kata"))
                    await session.keys("Escape")
                }
            }
            // Esc walks back through the katas opened on the way, to the map.
            for _ in 0..<(order.count + 5) where !(await session.screen()).contains("Progress") {
                await session.keys("Escape")
                try await Task.sleep(for: .milliseconds(300))
            }
            let all = "\(order.count)/\(order.count) katas"
            let map = await session.waitFor(all)
            #expect(map.contains(all))
            let progress = try String(
                contentsOf: workspace.appendingPathComponent(".dikata/progress.json"), encoding: .utf8)
            for id in order { #expect(progress.contains("\"\(id)\"")) }
        }
    }
}
