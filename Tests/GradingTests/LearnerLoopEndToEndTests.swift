import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Issue 14's learner's loop with the built binary: the workspace and kata found from the
    /// current folder, reset/hint/solution from the command line, and two grades of one kata at once.
    @Suite(.serialized) struct LearnerLoopEndToEndTests {
        /// Runs dikata in `folder` with no workspace variable and `XDG_DATA_HOME` in `data`, so
        /// the default workspace is one the test can look at.
        func dikata(
            _ arguments: [String], in folder: URL, data: URL, environment extra: [String: String] = [:]
        ) async throws -> CommandLineTests.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["DIKATA_WORKSPACE"] = nil
            environment["XDG_DATA_HOME"] = data.path
            environment["DIKATA_CACHE_DIR"] = Fixtures.cacheRoot.path
            environment["DIKATA_KATAS"] = Fixtures.katas.path
            environment["TERM"] = "dumb"
            environment.merge(extra) { _, new in new }
            let result = await PosixProcessRunner(now: { Date() }).run(
                ProcessRequest(
                    executable: CommandLineTests.binary.path, arguments: arguments, environment: environment,
                    workingDirectory: folder.path, timeout: 300, purpose: "run dikata"))
            guard case .exited(let status) = result.termination else {
                Issue.record("dikata did not exit normally: \(result.termination)")
                return CommandLineTests.Run(status: -1, stdout: result.stdout.text, stderr: result.stderr.text)
            }
            return CommandLineTests.Run(status: status, stdout: result.stdout.text, stderr: result.stderr.text)
        }

        @Test func aWorkspaceMadeByInitIsTheOneUsedFromInsideIt() async throws {
            let folder = try Fixtures.temporaryDirectory("loop")
            let workspace = folder.appendingPathComponent("mine")
            let data = folder.appendingPathComponent("data")
            #expect(try await dikata(["init", "mine"], in: folder, data: data).status == 0)

            let status = try await dikata(["status"], in: workspace, data: data)
            #expect(status.status == 0)
            #expect(status.stdout.contains(workspace.path))
            #expect(status.stderr.contains("Workspace: \(workspace.path) (found from the current folder)"))
            #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("dikata").path))

            // Standing in 01-singleton grades it, not the kata progress points at (00-warm-up, failing).
            let kata = try #require(try Fixtures.library().kata("01-singleton"))
            try KataPackage.overlay(kata.solution, onto: workspace.appendingPathComponent("01-singleton"))
            let sources = workspace.appendingPathComponent("01-singleton/Sources")
            let graded = try await dikata(["grade", "--format", "json"], in: sources, data: data)
            #expect(graded.status == 0, "\(graded.stderr)")
            #expect(graded.stdout.contains("01-singleton") && !graded.stdout.contains("00-warm-up"))

            let typo = try await dikata(["grade", "singelton"], in: workspace, data: data)
            #expect(typo.status == 2)
            #expect(typo.stderr.contains("Did you mean 01-singleton?"))

            let file = folder.appendingPathComponent("notes.txt")
            try "not a workspace".write(to: file, atomically: true, encoding: .utf8)
            let notAFolder = try await dikata(["status", "--workspace", file.path], in: folder, data: data)
            #expect(notAFolder.status == 2)
            #expect(notAFolder.stderr.contains("which is a file, not a folder"))
            #expect(!notAFolder.stderr.contains("Cocoa"))
        }

        @Test func resetHintAndSolutionWorkFromTheCommandLine() async throws {
            let folder = try Fixtures.temporaryDirectory("loop")
            let workspace = folder.appendingPathComponent("mine")
            let data = folder.appendingPathComponent("data")
            #expect(try await dikata(["init", workspace.path], in: folder, data: data).status == 0)
            let global = workspace.appendingPathComponent("02-global-state")
            try FileManager.default.removeItem(at: global)

            let missing = try await dikata(["grade", "2"], in: workspace, data: data)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("Run `dikata reset 02-global-state`"))
            let restored = try await dikata(["reset", "2"], in: workspace, data: data)
            #expect(restored.status == 0)
            #expect(!restored.stdout.contains("backed up"), "nothing was there to back up")
            #expect(FileManager.default.fileExists(atPath: global.appendingPathComponent("Package.swift").path))
            let again = try await dikata(["reset", "2"], in: workspace, data: data)
            #expect(
                again.stdout.contains("Your files were backed up to \(workspace.path)/.dikata/backups/02-global-state-")
            )

            let hint = try await dikata(["hint"], in: workspace.appendingPathComponent("01-singleton"), data: data)
            #expect(hint.status == 0)
            #expect(hint.stdout.hasPrefix("Hint 1 for 01-singleton:\n"))
            let progress = ProgressStore(file: Workspace(root: workspace).progressFile).load()
            #expect(progress.katas["01-singleton"]?.hintsUsed == 1)

            let hidden = try await dikata(["solution", "1"], in: workspace, data: data)
            #expect(hidden.status == 2)
            #expect(hidden.stderr.contains("--force"))
            let shown = try await dikata(["solution", "1", "--force", "--yes"], in: workspace, data: data)
            #expect(shown.status == 0)
            #expect(shown.stdout.contains("\n--- a/") && shown.stdout.contains("\n+++ b/"))
            #expect(!shown.stdout.contains("Only in"))

            let doctor = try await dikata(["doctor"], in: workspace, data: data)
            #expect(doctor.status == 0, "\(doctor.stdout)")
            #expect(doctor.stdout.contains("[ok  ] Swift toolchain: "))
            #expect(doctor.stdout.contains("[ok  ] workspace: \(workspace.path)"))
        }

        @Test func twoGradesOfOneKataAtOnceBothGiveTheTrueVerdict() async throws {
            let folder = try Fixtures.temporaryDirectory("loop")
            let workspace = folder.appendingPathComponent("mine")
            let data = folder.appendingPathComponent("data")
            #expect(try await dikata(["init", workspace.path], in: folder, data: data).status == 0)
            let kata = try #require(try Fixtures.library().kata("01-singleton"))
            try KataPackage.overlay(kata.solution, onto: workspace.appendingPathComponent("01-singleton"))
            // A fresh cache, so both grades compile (the slow case that used to collide).
            let cache = folder.appendingPathComponent("cache").path
            async let first = dikata(
                ["grade", "1"], in: workspace, data: data, environment: ["DIKATA_CACHE_DIR": cache])
            async let second = dikata(
                ["grade", "1"], in: workspace, data: data, environment: ["DIKATA_CACHE_DIR": cache])
            let runs = try await [first, second]
            for run in runs {
                #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
                #expect(!run.stdout.contains("does not compile"))
            }
            // The grades take seconds and start together: one waits for the other, and says so.
            #expect(runs.filter { $0.stderr.contains("waiting for the other grade of 01-singleton…") }.count == 1)
        }
    }
}
