import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing
import Yams

extension Slow {
    /// Instructors' commands run as a CI job would: submissions, batch gradebooks, `ci init`.
    @Suite(.serialized) struct CIGradingTests {
        let cli = CommandLineTests()

        /// The command line against the grading tests' own library (the login kata as `00-warm-up`).
        func dikata(_ arguments: [String], environment extra: [String: String] = [:]) async throws
            -> CommandLineTests.Run
        {
            try await cli.dikata(
                arguments,
                environment: ["DIKATA_KATAS": Fixtures.loginLibrary.path].merging(extra) { _, given in given })
        }

        /// A repository laid out like a workspace, with the warm-up kata solved.
        func solvedRepository() throws -> URL {
            let repository = try Fixtures.temporaryDirectory("repo")
            let kata = try Fixtures.loginKata()
            try KataPackage.assemble(kata, overlays: [kata.solution], into: repository.appendingPathComponent(kata.id))
            return repository
        }

        @Test func gradesASubmittedRepositoryWithExtraReports() async throws {
            let repository = try solvedRepository()
            // A submission cannot bring its own hidden checks.
            let fake = repository.appendingPathComponent("00-warm-up/hidden/tests")
            try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
            try "import Testing\n@Test func cheat() {}\n".write(
                to: fake.appendingPathComponent("LoginChecks.swift"), atomically: true, encoding: .utf8)
            let junit = repository.appendingPathComponent("junit.xml").path
            let summary = repository.appendingPathComponent("summary.md").path
            try "# Earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
            let run = try await dikata(
                ["grade", "--submission", repository.path, "--format", "github", "--report", "junit=\(junit)"],
                environment: ["GITHUB_STEP_SUMMARY": summary])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("::notice title=00-warm-up::7/7 checks passed, 11/11 points"))
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<testsuite name=\"00-warm-up\" tests=\"7\" failures=\"0\" errors=\"0\""))
            #expect(xml.contains("hidden/ folder was ignored"))
            let markdown = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(markdown.hasPrefix("# Earlier step\n## dikata: 11/11 points"))
        }

        @Test func minimumScoreAndExitZeroSetTheExitCode() async throws {
            let repository = try Fixtures.temporaryDirectory("repo")
            let kata = try Fixtures.loginKata()
            // The starter scores 1/11.
            try KataPackage.assemble(kata, overlays: [], into: repository.appendingPathComponent(kata.id))
            #expect(try await dikata(["grade", "--submission", repository.path]).status == 1)
            #expect(try await dikata(["grade", "--submission", repository.path, "--min-score", "1"]).status == 0)
            #expect(try await dikata(["grade", "--submission", repository.path, "--min-score", "50%"]).status == 1)
            let results = repository.appendingPathComponent("results.json").path
            let exercism = try await dikata([
                "grade", "--submission", repository.appendingPathComponent(kata.id).path, "--kata", kata.id, "--format",
                "exercism", "--exit-zero", "--out", results,
            ])
            #expect(exercism.status == 0)
            #expect(exercism.stdout.isEmpty)
            #expect(try String(contentsOfFile: results, encoding: .utf8).contains("\"status\" : \"fail\""))
            let wrong = try await dikata(["grade", "--submission", repository.path, "--min-score", "lots"])
            #expect(wrong.status == 2)
            let unknown = try await dikata(["grade", "--submission", repository.path, "--katas", "07-09"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("--katas: no kata matches \"07-09\""))
            // A chosen kata missing from the submission scores nothing but the others are graded
            // (the shipped library: the warm-up's starter scores 0 of 5).
            let shipped = try Fixtures.temporaryDirectory("repo")
            let warmUp = try #require(try Fixtures.library().kata("00-warm-up"))
            try KataPackage.assemble(warmUp, overlays: [], into: shipped.appendingPathComponent(warmUp.id))
            let missing = try await cli.dikata([
                "grade", "--submission", shipped.path, "--katas", "0-1", "--format", "json",
            ])
            #expect(missing.status == 1)
            let verdicts = try JSONReport().decode(missing.stdout)
            #expect(verdicts.map(\.kata.id) == ["00-warm-up", "01-singleton"])
            #expect(verdicts[1].problems == ["The submission has no 01-singleton folder."])
            #expect(verdicts[0].totals.maxPoints == 5 && verdicts[0].problems.isEmpty)
        }

        @Test func batchGradesEverySubmissionIndependentlyAndResumes() async throws {
            let folder = try Fixtures.temporaryDirectory("classroom")
            let kata = try Fixtures.loginKata()
            let submissions = Fixtures.submissions
            try KataPackage.assemble(kata, overlays: [kata.solution], into: folder.appendingPathComponent("ada"))
            try KataPackage.assemble(
                kata, overlays: [kata.solution, submissions.appendingPathComponent("fatal-error")],
                into: folder.appendingPathComponent("bob"))
            try KataPackage.assemble(
                kata, overlays: [kata.solution, submissions.appendingPathComponent("compile-error")],
                into: folder.appendingPathComponent("cy"))
            try KataPackage.assemble(
                kata, overlays: [kata.solution, submissions.appendingPathComponent("infinite-loop")],
                into: folder.appendingPathComponent("dee"))
            // A classroom export of a whole workspace: the kata is one folder down.
            try KataPackage.assemble(kata, overlays: [], into: folder.appendingPathComponent("eve/00-warm-up"))
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("fay"), withIntermediateDirectories: true)
            let out = try Fixtures.temporaryDirectory("gradebook").appendingPathComponent("grades.csv")

            let first = try await dikata([
                "grade-batch", folder.path, "--kata", "00", "--jobs", "2", "--out", out.path,
            ])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Graded 5 of 6 submissions of 00-warm-up: 1 passed every check."))
            #expect(first.stderr.contains("fay: No Package.swift in fay"))
            let csv = try String(contentsOf: out, encoding: .utf8).split(separator: "\r\n").map(String.init)
            #expect(
                csv[0]
                    == "submission,score,max_score,checks_passed,checks,outcome,duration_s,error,contract-init,no-default-init,signs-in,rejects-wrong-password,login-independent,imports-declared,no-shared"
            )
            #expect(csv[1].hasPrefix("ada,11,11,7,7,passed,"))
            #expect(csv[2].hasPrefix("bob,9,11,6,7,failed,") && csv[2].contains(",crashed,"))
            #expect(csv[3].hasPrefix("cy,3,11,3,7,failed,") && csv[3].contains("compile_error"))
            #expect(csv[4].hasPrefix("dee,9,11,6,7,failed,") && csv[4].contains(",timed_out,"))
            #expect(csv[5].hasPrefix("eve,1,11,1,7,failed,"))
            // An ungraded submission scores 0 of the kata's 11 points.
            #expect(csv[6].hasPrefix("fay,0,11,0,7,error,,No Package.swift"))
            // No row shows the grader's build cache or the class folder's absolute path.
            let text = try String(contentsOf: out, encoding: .utf8)
            #expect(!text.contains(folder.path) && !text.contains("/.cache/"))

            // Resume: only the changed submission is graded again.
            let state = try Gradebook.decode(
                json: String(contentsOf: out.appendingPathExtension("state.json"), encoding: .utf8))
            try KataPackage.applySolution(of: kata, onto: folder.appendingPathComponent("bob"))
            let second = try await dikata(["grade-batch", folder.path, "--kata", "00", "--out", out.path])
            #expect(second.status == 0)
            let resumed = try Gradebook.decode(
                json: String(contentsOf: out.appendingPathExtension("state.json"), encoding: .utf8))
            let before = Dictionary(uniqueKeysWithValues: state.rows.map { ($0.submission, $0) })
            for row in resumed.rows where row.submission != "bob" && row.verdict != nil {
                #expect(
                    row.verdict == before[row.submission]?.verdict, "\(row.submission) was regraded although unchanged")
            }
            #expect(resumed.rows.first { $0.submission == "bob" }?.verdict?.outcome == .passed)
        }

        @Test func everyEntryGetsARowAndShardsMergeThroughTheCommandLine() async throws {
            let folder = try Fixtures.temporaryDirectory("classroom")
            let kata = try Fixtures.loginKata()
            try KataPackage.assemble(kata, overlays: [kata.solution], into: folder.appendingPathComponent("ada"))
            // bob downloaded his repository as a zip: one folder inside.
            let zipped = try Fixtures.temporaryDirectory("zip")
            try KataPackage.assemble(kata, overlays: [kata.solution], into: zipped.appendingPathComponent("bob-main"))
            let zip = await PosixProcessRunner(now: { Date() }).run(
                ProcessRequest(
                    executable: "/usr/bin/zip", arguments: ["-qr", folder.appendingPathComponent("bob.zip").path, "."],
                    environment: [:], workingDirectory: zipped.path, timeout: 30, purpose: "zip a submission"))
            #expect(zip.termination.succeeded)
            try KataPackage.assemble(kata, overlays: [kata.solution], into: folder.appendingPathComponent(".eve"))
            try "see me\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            let out = try Fixtures.temporaryDirectory("gradebook")
            for shard in 1...2 {
                let run = try await dikata([
                    "grade-batch", folder.path, "--kata", "00", "--shard", "\(shard)/2", "--out",
                    out.appendingPathComponent("shard-\(shard).json").path,
                ])
                #expect(run.status == 0, "\(run.stderr)")
            }
            let merged = out.appendingPathComponent("class.csv")
            let merge = try await dikata(
                ["gradebook", "merge"] + (1...2).map { out.appendingPathComponent("shard-\($0).json").path } + [
                    "--out", merged.path,
                ])
            #expect(merge.status == 0, "\(merge.stderr)")
            #expect(merge.stdout.contains("Merged 2 gradebooks of 00-warm-up: 4 submissions"))
            let rows = try String(contentsOf: merged, encoding: .utf8).split(separator: "\r\n").dropFirst()
            #expect(rows.map { String($0.prefix { $0 != "," }) } == [".eve", "ada", "bob", "notes.txt"])
            #expect(
                rows.filter { $0.contains(",11,11,7,7,passed,") }.count == 2, "ada and bob (unzipped) pass: \(rows)")
            #expect(rows.first?.contains("hidden folder") == true)
        }

        @Test func annotationPathsStartAtTheGitRoot() async throws {
            let repository = try Fixtures.temporaryDirectory("repo")
            try FileManager.default.createDirectory(
                at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
            let kata = try Fixtures.loginKata()
            let submission = repository.appendingPathComponent("work")
            try KataPackage.assemble(
                kata, overlays: [kata.solution, Fixtures.submissions.appendingPathComponent("compile-error")],
                into: submission.appendingPathComponent(kata.id))
            let run = try await dikata(["grade", "--submission", submission.path, "--format", "github"])
            #expect(run.stdout.contains("::error file=work/00-warm-up/Sources/"), "\(run.stdout)")
            #expect(!run.stdout.contains(repository.path))
            let prefixed = try await dikata([
                "grade", "--submission", submission.path, "--format", "github", "--path-prefix", "class/ada",
            ])
            #expect(prefixed.stdout.contains("::error file=class/ada/00-warm-up/Sources/"))
        }

        @Test func ciInitWritesAWorkflowAndNeverLosesAnExistingOne() async throws {
            let repository = try Fixtures.temporaryDirectory("learner-repo")
            let run = try await cli.dikata([
                "ci", "init", repository.path, "--dikata-url", "https://example.org/dikata.git", "--min-score", "80%",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let file = repository.appendingPathComponent(".github/workflows/dikata.yml")
            let yaml = try #require(try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any])
            let env = try #require(yaml["env"] as? [String: Any])
            #expect(env["DIKATA_MIN_SCORE"] as? String == "80%")
            #expect(env["DIKATA_URL"] as? String == "https://example.org/dikata.git")
            let steps = try #require(
                ((yaml["jobs"] as? [String: Any])?["grade"] as? [String: Any])?["steps"] as? [[String: Any]])
            #expect(
                steps.map { $0["name"] as? String } == [
                    "Check out the submission", "Install system packages", "Restore the dikata build", "Build dikata",
                    "Grade",
                    "Keep the JUnit report",
                ])
            #expect((steps[1]["run"] as? String)?.contains("bubblewrap") == true)
            #expect((steps[4]["run"] as? String)?.contains("--report junit=dikata-junit.xml") == true)

            let refused = try await cli.dikata([
                "ci", "init", repository.path, "--dikata-url", "https://example.org/other.git",
            ])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("already exists; nothing was changed"))
            let original = try String(contentsOf: file, encoding: .utf8)
            let forced = try await cli.dikata([
                "ci", "init", repository.path, "--dikata-url", "https://example.org/other.git", "--force",
            ])
            #expect(forced.status == 0)
            let backups = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                .filter { $0.hasPrefix("dikata.yml.backup-") }
            #expect(backups.count == 1)
            #expect(
                try String(
                    contentsOf: file.deletingLastPathComponent().appendingPathComponent(backups[0]), encoding: .utf8)
                    == original)

            let gitlab = try await cli.dikata([
                "ci", "init", repository.path, "--gitlab", "--dikata-url", "https://example.org/dikata.git",
            ])
            #expect(gitlab.status == 0)
            let gitlabYAML = try #require(
                try Yams.load(
                    yaml: String(contentsOf: repository.appendingPathComponent(".gitlab-ci.yml"), encoding: .utf8))
                    as? [String: Any])
            let job = try #require(gitlabYAML["dikata"] as? [String: Any])
            #expect(
                ((job["artifacts"] as? [String: Any])?["reports"] as? [String: Any])?["junit"] as? String
                    == "dikata-junit.xml")
        }
    }
}
