import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The built `dikata` binary as a user runs it: exit codes, output formats, workspaces.
    @Suite(.serialized) struct CommandLineTests {
        static let binary = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/dikata")

        struct Run {
            var status: Int32
            var stdout: String
            var stderr: String
        }

        func dikata(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
            try #require(
                FileManager.default.isExecutableFile(atPath: Self.binary.path), "build dikata first: swift build")
            var environment = ProcessInfo.processInfo.environment
            environment["DIKATA_CACHE_DIR"] = Fixtures.cacheRoot.path
            environment["DIKATA_KATAS"] = Fixtures.katas.path
            environment["TERM"] = "dumb"
            environment.merge(extra) { _, new in new }
            let result = await PosixProcessRunner(now: { Date() }).run(
                ProcessRequest(
                    executable: Self.binary.path, arguments: arguments, environment: environment, timeout: 300,
                    purpose: "run dikata"))
            guard case .exited(let status) = result.termination else {
                Issue.record("dikata did not exit normally: \(result.termination)")
                return Run(status: -1, stdout: result.stdout.text, stderr: result.stderr.text)
            }
            return Run(status: status, stdout: result.stdout.text, stderr: result.stderr.text)
        }

        @Test func initCopiesStartersButNeverHiddenChecksOrSolutions() async throws {
            let workspace = try Fixtures.temporaryDirectory("ws").appendingPathComponent("workspace")
            let run = try await dikata(["init", workspace.path])
            #expect(run.status == 0)
            let count = try Fixtures.library().katas.count
            #expect(run.stdout.contains("Created \(count) katas in \(workspace.path)"))
            let login = workspace.appendingPathComponent("00-warm-up")
            #expect(FileManager.default.fileExists(atPath: login.appendingPathComponent("Package.swift").path))
            #expect(!FileManager.default.fileExists(atPath: login.appendingPathComponent("hidden").path))
            #expect(!FileManager.default.fileExists(atPath: login.appendingPathComponent("solution").path))
            let files = FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? []
            #expect(!files.contains { $0.hasSuffix("LaunchChecks.swift") || $0.contains("says-farewell") })

            // A second init keeps the learner's edits.
            let edited = login.appendingPathComponent("Sources/Launch/Launch.swift")
            try "// my work\n".write(to: edited, atomically: true, encoding: .utf8)
            let again = try await dikata(["init", workspace.path])
            #expect(again.stdout.contains("nothing changed"))
            #expect(try String(contentsOf: edited, encoding: .utf8) == "// my work\n")
        }

        /// The build cache as a user sees it: `doctor` says how big it is, `clean` empties it
        /// and leaves the workspace alone, and a malformed DIKATA_KEEP_BUILDS is a usage error.
        @Test func doctorShowsTheBuildCacheAndCleanEmptiesIt() async throws {
            let folder = try Fixtures.temporaryDirectory("clean")
            let cache = folder.appendingPathComponent("cache")
            let workspace = folder.appendingPathComponent("workspace")
            for name in ["00-warm-up-aaaaaaaaaaaa", "01-singleton-bbbbbbbbbbbb"] {
                let target = cache.appendingPathComponent("builds/\(name)/targets/A")
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                try Data(count: 700_000).write(to: target.appendingPathComponent("A.o"))
            }
            let environment = ["DIKATA_CACHE_DIR": cache.path, "DIKATA_WORKSPACE": workspace.path]
            #expect(try await dikata(["init"], environment: environment).status == 0)

            let doctor = try await dikata(["doctor"], environment: environment)
            #expect(
                doctor.stdout.contains(
                    "build cache: 2 build folders (1.4 MB) in \(cache.path)/builds; the 64 most recently graded stay"),
                "\(doctor.stdout)")
            let clean = try await dikata(["clean"], environment: environment)
            #expect(clean.status == 0)
            #expect(clean.stdout.hasPrefix("Removed 2 build folders (1.4 MB) from \(cache.path)/builds."))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("builds").path) == [])
            #expect(
                FileManager.default.fileExists(
                    atPath: workspace.appendingPathComponent("00-warm-up/Package.swift").path))
            let again = try await dikata(["clean"], environment: environment)
            #expect(again.stdout == "No build folders to remove in \(cache.path)/builds.\n")

            var malformed = environment
            malformed["DIKATA_KEEP_BUILDS"] = "0"
            let grade = try await dikata(["grade", "00"], environment: malformed)
            #expect(grade.status == 2)
            #expect(grade.stderr.contains("DIKATA_KEEP_BUILDS is \"0\""))
        }

        @Test func gradeExitCodesAndFormats() async throws {
            let workspace = try Fixtures.temporaryDirectory("ws").appendingPathComponent("workspace")
            #expect(try await dikata(["init", "--workspace", workspace.path]).status == 0)

            let starter = try await dikata(["grade", "--workspace", workspace.path])
            #expect(starter.status == 1)
            #expect(starter.stdout.contains("✗ The welcome line names the crew member"))
            #expect(!starter.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")

            try Fixtures.overlay(
                try Fixtures.kata("00-warm-up").solution, onto: workspace.appendingPathComponent("00-warm-up"))
            let solved = try await dikata(["grade", "00", "--workspace", workspace.path, "--format", "json"])
            #expect(solved.status == 0)
            let verdicts = try JSONReport().decode(solved.stdout)
            #expect(verdicts.count == 1)
            #expect(verdicts[0].outcome == .passed)
            #expect(solved.stdout.contains("\"schema_version\" : 1"))

            let progress = try String(
                contentsOf: workspace.appendingPathComponent(".dikata/progress.json"), encoding: .utf8)
            #expect(progress.contains("\"passed\" : true"))
        }

        @Test func usageErrorsExitWithTwo() async throws {
            let workspace = try Fixtures.temporaryDirectory("ws").appendingPathComponent("workspace")
            #expect(try await dikata(["init", workspace.path]).status == 0)
            let unknown = try await dikata(["grade", "nope", "--workspace", workspace.path])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("No kata matches \"nope\". Known katas: 00-warm-up, 01-singleton"))
            let badFormat = try await dikata(["grade", "--format", "yaml", "--workspace", workspace.path])
            #expect(badFormat.status == 2)
            let noWorkspace = try await dikata([
                "grade", "--workspace", workspace.appendingPathComponent("missing").path,
            ])
            #expect(noWorkspace.status == 2)
            #expect(noWorkspace.stderr.contains("Run `dikata init`"))
            let noToolchain = try await dikata(
                ["grade", "--workspace", workspace.path], environment: ["PATH": "/nonexistent"])
            #expect(noToolchain.status == 2)
            #expect(noToolchain.stderr.contains("needs the Swift 6 toolchain"))
            // --watch grades the learner's own kata, one at a time, and prints text or JSON Lines.
            let watchSubmission = try await dikata(["grade", "--watch", "--submission", workspace.path])
            #expect(watchSubmission.status == 2)
            #expect(watchSubmission.stderr.contains("cannot be used with --submission"))
            let watchJUnit = try await dikata([
                "grade", "1", "--watch", "--format", "junit", "--workspace", workspace.path,
            ])
            #expect(watchJUnit.status == 2)
            #expect(watchJUnit.stderr.contains("with --format junit (use text or json)"))
            let watchTwo = try await dikata(["grade", "1", "2", "--watch", "--workspace", workspace.path])
            #expect(watchTwo.status == 2)
            #expect(watchTwo.stderr.contains("for more than one kata"))
        }

        /// `grade --watch --format json` on a pipe: one JSON report per line and grade (the
        /// starter's, then the saved solution's), status lines on stderr, and SIGTERM ends it
        /// with 143 as a CI job's timeout would.
        @Test func gradeWatchPrintsOneJSONLinePerGradeUntilSIGTERM() async throws {
            let folder = try Fixtures.temporaryDirectory("ws")
            let workspace = folder.appendingPathComponent("workspace")
            #expect(try await dikata(["init", workspace.path]).status == 0)
            var environment = ProcessInfo.processInfo.environment
            environment["DIKATA_CACHE_DIR"] = Fixtures.cacheRoot.path
            environment["DIKATA_KATAS"] = Fixtures.katas.path
            let watch = try BackgroundProcess(
                [Self.binary.path, "grade", "0", "--watch", "--format", "json", "--workspace", workspace.path],
                environment: environment, output: folder.appendingPathComponent("watch.out"))
            func grades() -> [String] {
                watch.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{") }
            }
            func waitFor(_ done: ([String]) -> Bool) async {
                let deadline = Date().addingTimeInterval(120)
                while !done(grades()) && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            }
            await waitFor { !$0.isEmpty }
            let kata = try #require(try Fixtures.library().kata("00-warm-up"))
            try KataPackage.applySolution(of: kata, onto: workspace.appendingPathComponent("00-warm-up"))
            await waitFor { $0.last?.contains("\"outcome\":\"passed\"") == true }
            let status = watch.stop(SIGTERM)
            #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 143, "exit status \(status)")
            let verdicts = try grades().map { try JSONReport().decode($0) }
            #expect(verdicts.first?.map(\.outcome) == [.failed], "\(watch.output)")
            #expect(verdicts.last?.map(\.outcome) == [.passed], "\(watch.output)")
            #expect(watch.output.contains("Watching 00-warm-up: \(kata.manifest.checks.count)/"))
        }

        @Test func malformedKataLibraryExitsWithTwo() async throws {
            let katas = try Fixtures.temporaryDirectory("katas")
            try "format: 1\ntitle: broken\ntracks:\n  - id: core\n    titel: Core\n    katas: []\n"
                .write(to: katas.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
            let run = try await dikata(["list"], environment: ["DIKATA_KATAS": katas.path])
            #expect(run.status == 2)
            #expect(
                run.stderr.contains(
                    "catalog.yaml:4: tracks[0].title: is missing (found `titel`: did you mean `title`?)"))
        }

        @Test func helpDocumentsExitCodes() async throws {
            let run = try await dikata(["grade", "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("2  usage or configuration error"))
        }

        /// Help text is wrapped once, by the argument parser (to 79 columns in a pipe): no paragraph line
        /// breaks early where the next word would have fit (the sign of line breaks in the source).
        @Test func helpParagraphsWrapOnce() async throws {
            for command in [[], ["grade"], ["grade-batch"], ["ci"], ["next"], ["dev"], ["gradebook", "merge"]] {
                let help = try await dikata(command + ["--help"]).stdout
                let text = help.components(separatedBy: "\nUSAGE:").first ?? help
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (line, next) in zip(lines, lines.dropFirst())
                where !line.isEmpty && !next.isEmpty && !next.hasPrefix(" ") && !line.hasSuffix(":") {
                    let word = next.split(separator: " ").first.map(String.init) ?? ""
                    #expect(line.count + 1 + word.count >= 80, "dikata \(command) --help breaks early: \"\(line)\"")
                }
            }
        }
    }
}
