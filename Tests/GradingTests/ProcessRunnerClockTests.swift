import Foundation
import Grading
import TestSupport
import Testing

/// The live process runner and the cgroup namer read the clock and the ids they are given.
struct ProcessRunnerClockTests {
    @Test func theDeadlineAndTheDurationAreReadFromTheInjectedClock() async {
        let clock = TestClock()
        let runner = PosixProcessRunner(now: clock.now)
        // The runner asks `shouldStop` between polls; here each poll moves the clock 11 s.
        let result = await runner.run(
            ProcessRequest(
                executable: "/bin/sleep", arguments: ["30"], environment: [:], timeout: 10,
                shouldStop: {
                    clock.advance(by: 11)
                    return false
                }, purpose: "sleep past a deadline that only the clock reaches"))
        #expect(result.termination == .timedOut)
        #expect(result.duration == 11)
    }

    /// A child whose pipes are closed is still running: it is waited for (its exit status is
    /// read), and its deadline still holds while the runner looks for its exit.
    @Test func aChildThatClosedItsPipesIsWaitedForAndStillMeetsItsDeadline() async {
        let runner = PosixProcessRunner(now: { Date() })
        let exited = await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "exec >&- 2>&-; sleep 0.2; exit 7"], environment: [:],
                timeout: 30, purpose: "close its output, then exit"))
        #expect(exited.termination == .exited(7))

        let clock = TestClock()
        let stopped = await PosixProcessRunner(now: clock.now).run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "exec >&- 2>&-; sleep 30"], environment: [:], timeout: 10,
                shouldStop: {
                    clock.advance(by: 11)
                    return false
                }, purpose: "close its output and hang"))
        #expect(stopped.termination == .timedOut)
    }

    @Test func aProcessThatCannotStartTakesNoTimeOnAStillClock() async {
        let runner = PosixProcessRunner(now: TestClock().now)
        let result = await runner.run(
            ProcessRequest(
                executable: "/nonexistent/tool", arguments: [], environment: [:], timeout: 10, purpose: "fail"))
        guard case .failedToStart(let reason) = result.termination else {
            Issue.record("Started: \(result.termination)")
            return
        }
        #expect(reason.contains("/nonexistent/tool") && reason.contains("fail"))
        #expect(result.duration == 0)
    }

    @Test func aCgroupIsNamedWithTheInjectedIDAndRemovedWhenItCannotTakeALimit() throws {
        // A plain folder is no cgroup: the group is made, its `pids.max` cannot be written, and it goes.
        let parent = Fixtures.runFolder.appendingPathComponent("dikata-caps-\(getpid())-\(#line)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let ids = SequentialIDs()
        let caps = ProcessCaps.cgroups(parent: parent.path, newID: ids.next)
        #expect(caps.open(12) == nil)
        #expect(ids.issued == ["id-1"], "One id per group.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }
}
