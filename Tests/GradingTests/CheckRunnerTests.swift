import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// The check runner's blame and rerun logic, on a scripted check binary and a test clock: no
/// process starts and no time passes but the clock's.
struct CheckRunnerTests {
    let clock = TestClock()
    let limits = Limits(buildSeconds: 60, testSeconds: 30, perTestSeconds: 5, memoryMegabytes: 512, outputKilobytes: 4)
    static let binary = URL(fileURLWithPath: "/build/checks/bin/runner")
    static let locator = SourceLocator(
        snapshotRoot: "/build/snapshot/", files: ["Sources/Login/LoginViewModel.swift"],
        targetPaths: ["Login": "Sources/Login"])

    static let checks = "run the hidden checks"
    static let alone = "run one hidden check alone"

    let a = TestEventStream.id("signIn")
    let b = TestEventStream.id("signOut", line: 9)
    let c = TestEventStream.id("refresh", line: 15)

    func run(_ runner: ScriptedProcessRunner, gate: ProcessGate? = nil) async -> CheckRunner.Report {
        let checkRunner = CheckRunner(
            environment: .scripted, runner: runner, buildDirectory: URL(fileURLWithPath: "/build"),
            hiddenPaths: ["/katas/01-login"], limits: limits, now: clock.now)
        return await checkRunner.run(binary: Self.binary, gate: gate, locate: { Self.locator.locate($0) })
    }

    // MARK: - A gated first run

    @Test func aClosedGateRunsNothingAndReportsNothing() async {
        let runner = ScriptedProcessRunner(clock: clock)
        let gate = ProcessGate()
        async let report = run(runner, gate: gate)
        gate.close()
        let closed = await report
        #expect(closed.results.isEmpty && closed.runs == 0)
        #expect(runner.requests.isEmpty)
    }

    @Test func anOpenedGateRunsTheChecksAndOnlyTheFirstRunIsGated() async {
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, .init(stream: announced.passing(a).started(b).cutOff(), then: .signalled(SIGSEGV))),
                .init(Self.checks, .init(stream: announced.passing(c), then: .exits(0))),
                Self.alone(b, .exits(1)),
            ])
        let gate = ProcessGate()
        async let report = run(runner, gate: gate)
        gate.open()
        let opened = await report
        #expect(opened.results[a]?.outcome == .passed)
        #expect(opened.results[b]?.outcome.status == .crashed)
        #expect(opened.results[c]?.outcome == .passed)
        let requests = runner.requests
        #expect(requests.map(\.purpose) == [Self.checks, Self.checks, Self.alone])
        #expect(requests.map { $0.gate != nil } == [true, false, false])
        // Every run's sandbox sees the binary's folder, read-only (the first is set up before the
        // binary is linked), and the gated one runs the binary only through the gate.
        for request in requests {
            let line = request.arguments.joined(separator: " ")
            #expect(line.contains("--ro-bind /build/checks/bin /build/checks/bin"), "\(line)")
            #expect(line.contains("/build/checks/bin/runner --no-parallel"), "\(line)")
        }
        #expect(requests[0].arguments.joined(separator: " ").contains("dikata-gate /build/checks/bin/runner"))
        #expect(!requests[1].arguments.contains("dikata-gate"))
    }

    var announced: TestEventStream {
        TestEventStream().announcing(a, name: "signIn()").announcing(b, name: "signOut()")
            .announcing(c, name: "refresh()")
    }

    /// The `--skip` (or `--filter`) patterns a run of the check binary was given.
    static func patterns(_ flag: String, in request: ProcessRequest) -> [String] {
        zip(request.arguments, request.arguments.dropFirst()).filter { $0.0 == flag }.map(\.1)
    }

    /// A rule for the run of one check alone.
    static func alone(_ id: String, _ reply: ScriptedProcessRunner.Reply) -> ScriptedProcessRunner.Rule {
        .init(alone, where: { patterns("--filter", in: $0) == [CheckRunner.skipPattern(for: id)] }, reply)
    }

    // MARK: - Crashes

    @Test func aCrashIsBlamedOnTheTestThatWasRunningAndTheRestRunAgainWithoutIt() async {
        let crash = "Login/LoginViewModel.swift:12: Fatal error: Unexpectedly found nil while unwrapping"
        // The stream arrives in 7-byte pieces and ends in half a line, as a crashed binary's does.
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(
                    Self.checks,
                    .init(
                        stream: announced.passing(a).started(b).cutOff(), then: .signalled(SIGILL),
                        stdout: "b printed this",
                        stderr: crash, chunkSize: 7)),
                .init(Self.checks, .init(stream: announced.passing(c), then: .exits(0))),
                Self.alone(b, .init(then: .signalled(SIGILL), stdout: "only b's output\n◇ Test signOut() started.")),
            ])
        let report = await run(runner)

        #expect(report.results[a]?.outcome == .passed)
        #expect(report.results[c]?.outcome == .passed)
        let expected = CheckOutcome.crashed(
            "The check crashed (a trap: fatalError, a force-unwrapped nil, an index out of range or a failed precondition).\n"
                + crash,
            DIKataCore.SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 12))
        #expect(report.results[b]?.outcome == expected)
        // Its output comes from its run alone, without Swift Testing's progress lines.
        #expect(report.results[b]?.output.text == "only b's output")
        #expect(report.names == [a: "signIn()", b: "signOut()", c: "refresh()"])
        #expect(report.runs == 3)
        #expect(runner.unusedRules.isEmpty)
        let reruns = runner.requests(for: Self.checks)
        #expect(reruns.count == 2)
        #expect(Self.patterns("--skip", in: reruns[0]).isEmpty)
        #expect(
            Self.patterns("--skip", in: reruns[1]) == [
                CheckRunner.skipPattern(for: a), CheckRunner.skipPattern(for: b),
            ])
    }

    @Test func aCrashBeforeAnyTestStartsBlamesNoneAndEndsTheRun() async {
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, .init(stream: announced, then: .signalled(SIGSEGV)))
            ])
        let report = await run(runner)
        #expect(report.results.isEmpty)
        #expect(report.names.count == 3)
        #expect(report.runs == 1)
    }

    // MARK: - Hangs and time

    @Test func aHangIsBlamedOnTheTestThatWasRunningAndTheRestRunInTheTimeLeft() async {
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, .init(stream: announced.passing(a).started(b), then: .hangs(seconds: 6))),
                .init(Self.checks, .init(stream: announced.passing(c), then: .exits(0))),
            ])
        let report = await run(runner)

        #expect(
            report.results[b]?.outcome
                == .timedOut(
                    "This check ran for more than 5 s and was stopped: look for a loop that never ends or a wait that is never satisfied."
                ))
        #expect(report.results[b]?.duration == 5)
        #expect(report.results[a]?.outcome == .passed && report.results[c]?.outcome == .passed)
        // A check that timed out is not run again alone.
        #expect(report.runs == 2)
        let runs = runner.requests(for: Self.checks)
        #expect(runs.map(\.timeout) == [30, 24], "The second run gets what is left of the 30 s.")
        #expect(Self.patterns("--skip", in: runs[1]).last == CheckRunner.skipPattern(for: b))
    }

    @Test func theOverallTimeoutStopsTheRunAndLeavesTheRestWithoutAResult() async {
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, .init(stream: announced.passing(a).started(b), then: .hangs(seconds: 30)))
            ])
        let report = await run(runner)

        #expect(report.results[b]?.outcome == .timedOut("The checks did not finish within 30 s and were stopped."))
        #expect(report.results[a]?.outcome == .passed)
        #expect(report.results[c] == nil, "refresh() never ran: it has no result, so it is graded not run.")
        #expect(report.runs == 1)
    }

    @Test func theLastRunIsGivenAtLeastASecondAndEndsAtTheOverallTimeout() async {
        // The first run is stopped on b just before the deadline; what is left is under a second.
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, .init(stream: announced.passing(a).started(b), then: .hangs(seconds: 29.5))),
                .init(Self.checks, .init(stream: announced.started(c), then: .hangs(seconds: 1))),
            ])
        let report = await run(runner)
        let runs = runner.requests(for: Self.checks)
        // The last run is given at least a second, even with less left.
        #expect(runs.map(\.timeout) == [30, 1])
        #expect(report.results[c]?.outcome == .timedOut("The checks did not finish within 30 s and were stopped."))
        #expect(clock.elapsed() == 30.5)
    }

    // MARK: - Failures

    @Test func aFailedCheckRunsAgainAloneSoItsOutputIsItsOwn() async {
        let message = "Expectation failed: (viewModel.user → nil) != nil\nLogin/LoginViewModel.swift:20"
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(
                    Self.checks,
                    .init(
                        stream: announced.failing(a, message).passing(b).passing(c), then: .exits(1),
                        stdout: "a printed this\nb printed this")),
                Self.alone(a, .exits(1, stdout: "a printed this\n✘ Test signIn() failed.")),
            ])
        let report = await run(runner)

        #expect(
            report.results[a]?.outcome
                == .failed(message, DIKataCore.SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 20)))
        #expect(report.results[a]?.output.text == "a printed this")
        // A passing check keeps no output.
        #expect(report.results[b]?.output == .empty)
        #expect(report.runs == 2)
        #expect(runner.requests(for: Self.alone).first?.channel == nil)
    }

    @Test func aRunAloneThatTimesOutKeepsTheOutputOfTheWholeRun() async {
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(
                    Self.checks,
                    .init(
                        stream: announced.failing(a, "Expectation failed").passing(b).passing(c), then: .exits(1),
                        stdout: "everyone's output")),
                Self.alone(a, .init(then: .hangs(seconds: 5))),
            ])
        let report = await run(runner)
        #expect(report.results[a]?.output.text == "everyone's output")
    }

    // MARK: - The cap on runs

    @Test func aBinaryThatCrashesOnEveryTestIsRunAtMost64Times() async {
        let ids = (0..<70).map { TestEventStream.id("test\($0)", line: $0 + 1) }
        let stream = ids.reduce(TestEventStream()) { $0.announcing($1, name: "t()") }
        // Each run crashes on the first test it is not told to skip.
        let runner = ScriptedProcessRunner(
            clock: clock,
            [
                .init(Self.checks, repeats: true) { request in
                    let next = ids[Self.patterns("--skip", in: request).count]
                    return .init(stream: stream.started(next), then: .signalled(SIGABRT))
                },
                .init(Self.alone, repeats: true, .init(then: .signalled(SIGABRT))),
            ])
        let report = await run(runner)

        #expect(runner.requests(for: Self.checks).count == CheckRunner.runCap)
        #expect(report.results.count == 64)
        #expect(report.results.values.allSatisfy { $0.outcome.status == .crashed })
        #expect(report.results[ids[64]] == nil)
        // Each crashed check then runs alone once.
        #expect(runner.requests(for: Self.alone).count == 64)
        #expect(report.runs == 128)
    }
}
