import DIKataCore
import Foundation
import Grading
import Synchronization
import TestSupport
import Testing

/// The scripted process runner is a test value other tests rely on: it must answer as
/// scripted, write the stream it is given, play hangs on the clock, and fail loudly otherwise.
struct ScriptedProcessRunnerTests {
    func request(_ purpose: String, timeout: Double = 10, channel: (@Sendable ([UInt8]) -> Void)? = nil)
        -> ProcessRequest
    {
        ProcessRequest(
            executable: "/bin/tool", arguments: ["--flag"], environment: [:], timeout: timeout, purpose: purpose,
            channel: channel)
    }

    @Test func withNoScriptEveryProcessIsAnIssueNamingItsPurpose() async {
        let runner = ScriptedProcessRunner.failing
        await withKnownIssue {
            let result = await runner.run(request("compile Login"))
            #expect(result.termination == .failedToStart("not scripted"))
        } matching: { issue in
            issue.description.contains("compile Login") && issue.description.contains("/bin/tool --flag")
        }
        #expect(runner.requests.map(\.purpose) == ["compile Login"])
    }

    @Test func rulesAnswerByPurposeInOrderAndOneTimeRulesAreUsedUp() async {
        let runner = ScriptedProcessRunner([
            .init("compile", .exits(1, stderr: "first")),
            .init("compile", .exits(0, stdout: "second")),
            .init("link", repeats: true, .exits(0)),
            .init("unused", .exits(0)),
        ])
        #expect(await runner.run(request("link")).termination == .exited(0))
        #expect(await runner.run(request("compile")).stderr.text == "first")
        #expect(await runner.run(request("compile")).stdout.text == "second")
        #expect(await runner.run(request("link")).termination == .exited(0))
        #expect(runner.unusedRules == ["unused"])
        #expect(runner.requests(for: "compile").count == 2)
    }

    @Test func theStreamReachesTheChannelInPiecesAndWhole() async {
        let received = Mutex<[[UInt8]]>([])
        let stream = TestEventStream().passing("M.S/a()/S.swift:1:6")
        let runner = ScriptedProcessRunner([.init("run", .init(stream: stream, then: .exits(0), chunkSize: 10))])
        _ = await runner.run(request("run", channel: { bytes in received.withLock { $0.append(bytes) } }))
        let pieces = received.withLock { $0 }
        #expect(pieces.allSatisfy { $0.count <= 10 })
        #expect(String(decoding: pieces.flatMap { $0 }, as: UTF8.self) == stream.text)
        #expect(TestEventLog(jsonLines: stream.text).ended == ["M.S/a()/S.swift:1:6"])
    }

    @Test func aHangMovesTheClockAndEndsAsTheLiveRunnerWouldEndIt() async {
        let clock = TestClock()
        let polls = Mutex(0)
        let runner = ScriptedProcessRunner(
            clock: clock, [.init("hang", repeats: true, .init(then: .hangs(seconds: 4)))])
        var stoppable = request("hang")
        stoppable.shouldStop = {
            polls.withLock { count in
                count += 1
                return count == 2
            }
        }
        #expect(await runner.run(stoppable).termination == .stopped)
        #expect(polls.withLock { $0 } == 2, "Polled once when the stream was written and once after the hang.")
        #expect(await runner.run(request("hang", timeout: 3)).termination == .timedOut)
        #expect(clock.elapsed() == 8)
    }
}
