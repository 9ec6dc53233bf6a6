import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The built `dikata` in tmux: Home, End and sequences it has no use for never quit; Esc on
    /// the map asks first; turning watching back on grades what was saved meanwhile.
    @Suite(.serialized) struct TutorialKeysEndToEndTests {
        @Test func unknownSequencesDoNotQuitAndWatchingOnRegrades() async throws {
            let session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
            let folder = try Fixtures.temporaryDirectory("keys")
            let workspace = folder.appendingPathComponent("workspace")
            let binary = CommandLineTests.binary.path
            let script = """
                DIKATA_WORKSPACE=\(workspace.path) DIKATA_KATAS=\(Fixtures.katas.path) \
                DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) EDITOR=true TERM=xterm-256color \(binary); \
                echo "EXIT=$?" > \(folder.path)/exit; sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", "bash", "-c", script])
            defer { Task { await session.stop() } }
            let exitFile = folder.appendingPathComponent("exit")

            _ = await session.waitFor("Progress")
            await session.keys("Escape")  // closes the "workspace created" message
            // VT220 Home and End (ESC [ 1 ~, ESC [ 4 ~), which xterm's terminfo does not list: they
            // used to arrive as Esc (quit) and three characters.
            await session.keys("Down")
            _ = await session.waitFor(" dikata · 01-singleton")
            await session.bytes("1b 5b 31 7e")
            _ = await session.waitFor(" dikata · 00-warm-up")
            await session.bytes("1b 5b 34 7e")
            var screen = await session.waitFor(" dikata · Glossary")
            await session.keys("Home")
            screen = await session.waitFor(" dikata · 00-warm-up")
            // Ctrl-Right, F5, Insert, a bracketed paste's start, Alt-x: nothing happens.
            for sequence in ["1b 5b 31 3b 35 43", "1b 5b 31 35 7e", "1b 5b 32 7e", "1b 5b 32 30 30 7e", "1b 78"] {
                await session.bytes(sequence)
            }
            try await Task.sleep(for: .milliseconds(600))
            screen = await session.screen()
            #expect(screen.hasPrefix(" dikata · 00-warm-up"), "the tutorial is still on the map:\n\(screen)")
            #expect(!screen.contains("Quit dikata?"))
            #expect(!FileManager.default.fileExists(atPath: exitFile.path))

            await session.keys("Escape")
            _ = await session.waitFor("Quit dikata? (y/n)")
            await session.keys("n")
            try await Task.sleep(for: .milliseconds(300))
            #expect(!FileManager.default.fileExists(atPath: exitFile.path))

            // Watching off, a correct solution saved, watching on: it is graded at once.
            await session.keys("Down")
            await session.keys("o")
            _ = await session.waitFor("Locked")
            await session.keys("y")
            _ = await session.waitFor("Files to edit")
            // On the kata, Home and End scroll; they used to go back to the map (Esc).
            await session.bytes("1b 5b 34 7e")
            await session.bytes("1b 5b 31 7e")
            _ = await session.waitFor("Files to edit")
            #expect(await session.screen().hasPrefix(" dikata · Kata 01-singleton"))
            await session.keys("w")
            _ = await session.waitFor("watching is off")
            let kata = try #require(try Fixtures.library().kata("01-singleton"))
            try KataPackage.overlay(kata.solution, onto: workspace.appendingPathComponent("01-singleton"))
            try await Task.sleep(for: .milliseconds(1500))
            screen = await session.screen()
            #expect(!screen.contains("✓ Passed"), "graded while watching was off:\n\(screen)")
            await session.keys("w")
            screen = await session.waitFor("✓ Passed", seconds: 90)
            #expect(screen.contains("01-singleton passed!"))

            await session.keys("Escape")  // the "passed" message
            await session.keys("Escape")  // back to the map
            _ = await session.waitFor("Progress")
            await session.keys("q")
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: exitFile.path) && Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try String(contentsOf: exitFile, encoding: .utf8) == "EXIT=0\n")
        }
    }
}

extension Slow.TutorialEndToEndTests.Session {
    /// Sends raw bytes, written in hex ("1b 5b 31 7e"), as a terminal would.
    func bytes(_ hex: String) async {
        _ = await run(["send-keys", "-t", "main", "-H"] + hex.split(separator: " ").map(String.init))
    }
}

extension Slow {
    /// The built `dikata` in tmux, started inside a kata folder of a workspace made by `init`:
    /// it opens that workspace and that kata; a `dikata grade` in another terminal while the
    /// tutorial grades the same kata gives the same, true verdict.
    @Suite(.serialized) struct TutorialInsideAWorkspaceEndToEndTests {
        @Test func theTutorialOpensTheKataItIsStartedInAndSharesItWithTheCommandLine() async throws {
            let session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
            let folder = try Fixtures.temporaryDirectory("inside")
            let workspace = folder.appendingPathComponent("mine")
            let cache = folder.appendingPathComponent("cache")
            let environment = [
                "DIKATA_CACHE_DIR": cache.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            ]
            let loop = LearnerLoopEndToEndTests()
            let data = folder.appendingPathComponent("data")
            #expect(try await loop.dikata(["init", workspace.path], in: folder, data: data).status == 0)
            let kataFolder = workspace.appendingPathComponent("01-singleton")
            let script = """
                cd \(kataFolder.path)/Sources && env -u DIKATA_WORKSPACE \
                \(environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")) \
                DIKATA_KATAS=\(Fixtures.katas.path) EDITOR=true TERM=xterm-256color \(CommandLineTests.binary.path); \
                sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", "bash", "-c", script])
            defer { Task { await session.stop() } }
            _ = await session.waitFor("Locked")  // 01-singleton is locked until the warm-up passes
            await session.keys("y")
            var screen = await session.waitFor("Files to edit")
            #expect(screen.hasPrefix(" dikata · Kata 01-singleton"))
            #expect(screen.contains(kataFolder.path))

            // Save a solution: the tutorial's watch grades it while the command line does too.
            let kata = try #require(try Fixtures.library().kata("01-singleton"))
            try KataPackage.overlay(kata.solution, onto: kataFolder)
            try await Task.sleep(for: .milliseconds(400))
            let command = try await loop.dikata(["grade"], in: kataFolder, data: data, environment: environment)
            #expect(command.status == 0, "\(command.stdout)\n\(command.stderr)")
            #expect(command.stdout.contains("01-singleton"))
            screen = await session.waitFor("✓ Passed", seconds: 90)
            #expect(!screen.contains("does not compile"))
            await session.keys("C-c")
        }

        /// A kata passed with `dikata grade` in another terminal shows on the open tutorial's
        /// map at once: passed, the next kata open, the count in the header (the progress file
        /// is watched; the first grade creates it).
        @Test func aPassFromTheCommandLineReachesTheOpenMap() async throws {
            let session = TutorialEndToEndTests.Session(tmux: try TutorialEndToEndTests().tmux())
            let folder = try Fixtures.temporaryDirectory("map-follows")
            let workspace = folder.appendingPathComponent("mine")
            let data = folder.appendingPathComponent("data")
            let loop = LearnerLoopEndToEndTests()
            #expect(try await loop.dikata(["init", workspace.path], in: folder, data: data).status == 0)
            let script = """
                cd \(workspace.path) && env -u DIKATA_WORKSPACE DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) \
                XDG_DATA_HOME=\(data.path) DIKATA_KATAS=\(Fixtures.katas.path) EDITOR=true TERM=xterm-256color \
                \(CommandLineTests.binary.path); sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", "bash", "-c", script])
            defer { Task { await session.stop() } }
            var screen = await session.waitFor("Unlocks when 00-warm-up passes")
            #expect(screen.hasPrefix(" dikata · 00-warm-up") && screen.contains("0/13 passed"))

            let kata = try #require(try Fixtures.library().kata("00-warm-up"))
            let kataFolder = workspace.appendingPathComponent("00-warm-up")
            try KataPackage.overlay(kata.solution, onto: kataFolder)
            let command = try await loop.dikata(["grade"], in: kataFolder, data: data)
            #expect(command.status == 0, "\(command.stdout)\n\(command.stderr)")
            screen = await session.waitFor("1/13 passed", seconds: 10)
            #expect(screen.contains("✓ 00-warm-up"))
            #expect(!screen.contains("Unlocks when 00-warm-up passes"))
            await session.keys("C-c")
        }
    }
}
