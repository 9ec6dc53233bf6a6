import DIKataCore
import Foundation
import Grading
import Synchronization
import TestSupport
import Testing

@testable import WorkshopHost

/// The host's grader runs the real `dikata grade --json` on a copy of the shared code; here a
/// process runner of the test's own answers in its place (no process, no compiler).
@Suite struct HostGraderTests {
    /// A `ProcessRunning` test value answering with `reply`, after letting the test look at the
    /// request (and the files it would grade) while the "process" runs.
    struct AnsweringRunner: ProcessRunning {
        var reply: @Sendable (ProcessRequest) -> ProcessResult

        func run(_ request: ProcessRequest) async -> ProcessResult { reply(request) }

        static func exits(_ code: Int32, stdout: String = "", stderr: String = "")
            -> @Sendable (ProcessRequest) ->
            ProcessResult
        {
            { _ in
                ProcessResult(
                    termination: .exited(code), stdout: CapturedText(text: stdout), stderr: CapturedText(text: stderr),
                    duration: 1)
            }
        }
    }

    static func grader(_ runner: AnsweringRunner, scratch: URL, library: String? = "/katas") -> HostGrader {
        .subprocess(
            executable: "/opt/dikata", library: library, runner: runner, environment: ["HOME": "/home/host"],
            timeout: 120, scratch: scratch, newName: { "job" })
    }

    @Test func itGradesACopyOfTheSharedCodeWithDikataGradeJSON() async throws {
        let scratch = try Fixtures.temporaryDirectory("host-grader")
        let seen = Mutex<(ProcessRequest, [String: String])?>(nil)
        let runner = AnsweringRunner { request in
            let package = scratch.appendingPathComponent("regrade-job/01-singleton")
            let files = ["Package.swift", "Sources/APIClient/APIClient.swift"].reduce(into: [String: String]()) {
                $0[$1] = try? String(contentsOf: package.appendingPathComponent($1), encoding: .utf8)
            }
            seen.withLock { $0 = (request, files) }
            return AnsweringRunner.exits(0, stdout: JSONReport().render([SampleVerdicts.passing]))(request)
        }
        let outcome = await Self.grader(runner, scratch: scratch).grade(
            "01-singleton", ["Package.swift": "// package", "Sources/APIClient/APIClient.swift": "struct A {}"])
        #expect(outcome == .graded(points: 3, maxPoints: 3, passed: true))
        let (request, files) = try #require(seen.withLock { $0 })
        #expect(request.executable == "/opt/dikata")
        #expect(
            request.arguments == [
                "grade", "--submission", scratch.appendingPathComponent("regrade-job/01-singleton").path, "--kata",
                "01-singleton", "--format", "json", "--exit-zero", "--library", "/katas",
            ])
        #expect(request.timeout == 120)
        #expect(request.environment == ["HOME": "/home/host"])
        #expect(files == ["Package.swift": "// package", "Sources/APIClient/APIClient.swift": "struct A {}"])
        #expect(
            !FileManager.default.fileExists(atPath: scratch.appendingPathComponent("regrade-job").path),
            "the copy is removed after grading")
    }

    @Test(arguments: ["../escape.swift", "/etc/passwd", "Sources/../../x", "a//b", "./Package.swift", "a\\b"])
    func aSharedPathOutsideTheKataPackageIsRefusedWithoutGrading(_ path: String) async throws {
        let scratch = try Fixtures.temporaryDirectory("host-grader-paths")
        let runner = AnsweringRunner { request in
            Issue.record("graded code with the path \(path)")
            return AnsweringRunner.exits(0)(request)
        }
        let outcome = await Self.grader(runner, scratch: scratch).grade("00-warm-up", [path: "x"])
        guard case .failed(let reason) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(reason.contains("is not inside the kata package"))
        #expect(
            !FileManager.default.fileExists(
                atPath: scratch.deletingLastPathComponent().appendingPathComponent("escape.swift").path))
    }

    @Test func aCancelledGradeAsksTheRunnerToStopItsProcess() async throws {
        let scratch = try Fixtures.temporaryDirectory("host-grader-cancel")
        let runner = AnsweringRunner { request in
            // The "process" runs until the runner's poll says stop, as the live runner polls.
            for _ in 0..<1000 where request.shouldStop?() != true { usleep(5000) }
            let stopped = request.shouldStop?() == true
            return ProcessResult(
                termination: stopped ? .stopped : .timedOut, stdout: .empty, stderr: .empty, duration: 1)
        }
        let grade = Task { await Self.grader(runner, scratch: scratch).grade("00-warm-up", ["Package.swift": ""]) }
        try await Task.sleep(for: .milliseconds(50))
        grade.cancel()
        #expect(await grade.value == .failed("the host stopped before the grade ended"))
    }

    @Test func aGradeThatTimesOutOrFailsIsNoGrade() async throws {
        let scratch = try Fixtures.temporaryDirectory("host-grader-fail")
        let timedOut = AnsweringRunner { _ in
            ProcessResult(termination: .timedOut, stdout: .empty, stderr: .empty, duration: 120)
        }
        #expect(
            await Self.grader(timedOut, scratch: scratch).grade("00-warm-up", ["Package.swift": ""])
                == .failed("grading took longer than 120 s"))
        let broken = AnsweringRunner(reply: AnsweringRunner.exits(3, stderr: "error: no sandbox\n"))
        #expect(
            await Self.grader(broken, scratch: scratch).grade("00-warm-up", ["Package.swift": ""])
                == .failed("the grader ended with exited(3) error: no sandbox"))
        let garbled = AnsweringRunner(reply: AnsweringRunner.exits(0, stdout: "{not json"))
        #expect(
            await Self.grader(garbled, scratch: scratch).grade("00-warm-up", ["Package.swift": ""])
                == .failed("the grader's report could not be read"))
        let otherKata = AnsweringRunner(
            reply: AnsweringRunner.exits(0, stdout: JSONReport().render([SampleVerdicts.passing])))
        #expect(
            await Self.grader(otherKata, scratch: scratch).grade("00-warm-up", ["Package.swift": ""])
                == .failed("the grader's report could not be read"),
            "a report about another kata is no grade of this one")
    }
}
