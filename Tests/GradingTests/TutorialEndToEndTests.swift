import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The built `dikata` in a real terminal (tmux): launch, read the stage-1 lesson, open its
    /// kata, save a correct solution, watch it pass, resize, and quit with Ctrl-C — with the
    /// terminal's settings restored.
    @Suite(.serialized) struct TutorialEndToEndTests {
        struct Session {
            let socket = "dikata-e2e-\(UUID().uuidString.prefix(8))"
            let tmux: String
            let runner = PosixProcessRunner(now: { Date() })

            func run(_ arguments: [String]) async -> ProcessResult {
                await runner.run(
                    ProcessRequest(
                        executable: tmux, arguments: ["-L", socket] + arguments,
                        environment: ProcessInfo.processInfo.environment, timeout: 20, purpose: "drive tmux"))
            }

            func screen() async -> String { await run(["capture-pane", "-p", "-t", "main"]).stdout.text }

            func keys(_ keys: String...) async { _ = await run(["send-keys", "-t", "main"] + keys) }

            /// Polls the screen until `text` shows (rather than sleeping a guessed time).
            func waitFor(_ text: String, seconds: Double = 20) async -> String {
                var last = ""
                let shown = await poll(seconds: seconds, every: .milliseconds(150)) {
                    last = await screen()
                    return last.contains(text) ? last : nil
                }
                if let shown { return shown }
                Issue.record("\"\(text)\" did not appear; the screen was:\n\(last)")
                return last
            }

            /// Sends Ctrl-C and waits up to 10 s for the script to write dikata's exit status to `file`.
            func interrupt(waitingFor file: URL) async -> String {
                await keys("C-c")
                let deadline = Date().addingTimeInterval(10)
                while !FileManager.default.fileExists(atPath: file.path) && Date() < deadline {
                    try? await Task.sleep(for: .milliseconds(100))
                }
                return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            }

            func stop() async { _ = await run(["kill-server"]) }
        }

        func tmux() throws -> String {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
            let found = path.split(separator: ":").map { "\($0)/tmux" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
            return try #require(found, "tmux is needed for the end-to-end tests (apt-get install tmux)")
        }

        @Test func aLearnerPassesAKataInTheTutorial() async throws {
            let session = Session(tmux: try tmux())
            let folder = try Fixtures.temporaryDirectory("e2e")
            let workspace = folder.appendingPathComponent("workspace")
            let binary = Slow.CommandLineTests.binary.path
            let script = """
                stty -g > \(folder.path)/stty-before; \
                DIKATA_WORKSPACE=\(workspace.path) DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) EDITOR=true TERM=xterm-256color \(binary); \
                echo "EXIT=$?" > \(folder.path)/exit; stty -g > \(folder.path)/stty-after; sleep 60
                """
            // bash, not sh: dash dies of the SIGINT that Ctrl-C sends to the whole foreground group,
            // while bash waits for dikata to handle it and exit 130.
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", "bash", "-c", script])
            defer { Task { await session.stop() } }

            var screen = await session.waitFor("Progress")
            #expect(screen.contains("01-singleton"))
            await session.keys("Escape")  // closes the "workspace created" message
            await session.keys("Down")
            await session.keys("Enter")
            screen = await session.waitFor("page 1/")
            #expect(screen.contains("Stage 1"))
            await session.keys("PageDown")
            await session.keys("o")
            screen = await session.waitFor("Locked")
            await session.keys("y")
            screen = await session.waitFor("Files to edit")
            #expect(screen.contains(workspace.appendingPathComponent("01-singleton").path))

            // Save a correct solution: the watcher notices and grades.
            let kata = try #require(try Fixtures.library().kata("01-singleton"))
            try KataPackage.applySolution(of: kata, onto: workspace.appendingPathComponent("01-singleton"))
            screen = await session.waitFor("✓ Passed", seconds: 90)
            #expect(screen.contains("01-singleton passed!"))

            _ = await session.run(["resize-window", "-t", "main", "-x", "60", "-y", "20"])
            await session.keys("Escape")  // closes the "passed" message
            screen = await session.waitFor("? help")
            #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 60 })
            #expect(screen.contains("✓ Passed"))

            #expect(await session.interrupt(waitingFor: folder.appendingPathComponent("exit")) == "EXIT=130\n")
            try await Task.sleep(for: .milliseconds(300))
            let before = try String(contentsOf: folder.appendingPathComponent("stty-before"), encoding: .utf8)
            let after = try String(contentsOf: folder.appendingPathComponent("stty-after"), encoding: .utf8)
            #expect(before == after, "the terminal settings are restored")
            let progress = ProgressStore(file: Workspace(root: workspace).progressFile).load()
            #expect(progress.katas["01-singleton"]?.passed == true)
        }

        /// `dikata grade --watch` in a kata's folder, in a real terminal: the starter's grade, then
        /// a saved solution graded by itself on a cleared screen, recorded as progress; Ctrl-C ends it.
        @Test func gradeWatchRegradesOnSaveUntilCtrlC() async throws {
            let session = Session(tmux: try tmux())
            let folder = try Fixtures.temporaryDirectory("e2e")
            let workspace = folder.appendingPathComponent("workspace")
            let binary = Slow.CommandLineTests.binary.path
            let kata = try #require(try Fixtures.library().kata("00-warm-up"))
            let script = """
                export DIKATA_WORKSPACE=\(workspace.path) DIKATA_CACHE_DIR=\(Fixtures.cacheRoot.path) \
                DIKATA_KATAS=\(Fixtures.katas.path) TERM=xterm-256color; \
                \(binary) init > /dev/null && cd \(workspace.path)/00-warm-up && \(binary) grade --watch; \
                echo "EXIT=$?" > \(folder.path)/exit; sleep 60
                """
            _ = await session.run(["new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "bash", "-c", script])
            defer { Task { await session.stop() } }

            let checks = kata.manifest.checks.count
            var screen = await session.waitFor("Watching 00-warm-up:", seconds: 90)
            #expect(!screen.contains("\(checks)/\(checks) passed"), "the starter does not pass")
            #expect(screen.contains("Save to grade again; Ctrl-C stops."))

            try KataPackage.applySolution(of: kata, onto: workspace.appendingPathComponent("00-warm-up"))
            screen = await session.waitFor("Watching 00-warm-up: \(checks)/\(checks) passed", seconds: 90)
            #expect(screen.components(separatedBy: "Watching 00-warm-up:").count == 2, "one report on screen")
            let progress = ProgressStore(file: Workspace(root: workspace).progressFile).load()
            #expect(progress.katas["00-warm-up"]?.passed == true)

            #expect(await session.interrupt(waitingFor: folder.appendingPathComponent("exit")) == "EXIT=130\n")
        }

        @Test func withoutATerminalItPrintsTheOverview() async throws {
            let workspace = try Fixtures.temporaryDirectory("plain").appendingPathComponent("workspace")
            let run = try await CommandLineTests().dikata([], environment: ["DIKATA_WORKSPACE": workspace.path])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Workspace: \(workspace.path)"))
            #expect(run.stdout.contains("00-warm-up"))
            let lesson = try await CommandLineTests().dikata(["lesson", "1", "--plain", "--width", "70"])
            #expect(lesson.status == 0)
            #expect(lesson.stdout.split(separator: "\n").allSatisfy { $0.count <= 70 })
            #expect(lesson.stdout.contains("Kata: 01-singleton"))
            let unknown = try await CommandLineTests().dikata(["lesson", "nope"])
            #expect(unknown.status == 2)
        }
    }
}
