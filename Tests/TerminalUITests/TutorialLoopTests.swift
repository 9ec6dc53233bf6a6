import CursesShell
import DIKataCore
import Foundation
import Synchronization
import TerminalUI
import TestSupport
import Testing

/// The tutorial's event loop on an in-memory terminal: keys, resizes, saved files, the editor
/// and background work, in milliseconds (the tmux end-to-end test covers a real terminal).
struct TutorialLoopTests {
    let clock = TestClock()
    let failing = SampleTutorial.verdict(passing: false)
    static let kataFile = "/home/ada/.local/share/dikata/workspace/01-singleton/Sources/APIClient/ServerAPIClient.swift"

    /// Files whose stamps a test changes, as a save would.
    final class Files: Sendable {
        let stamps = Mutex<[String: String]>([TutorialLoopTests.kataFile: "1"])

        func save(_ stamp: String) { stamps.withLock { $0[TutorialLoopTests.kataFile] = stamp } }

        var watcher: FileWatcher {
            FileWatcher(debounce: 0.2) { paths in self.stamps.withLock { $0.filter { paths.contains($0.key) } } }
        }
    }

    func run(
        _ terminal: TestTerminal, _ services: TutorialServices, files: Files = Files(),
        frameTimer: ((Double) -> Void)? = nil
    ) async -> Int32 {
        await TutorialLoop(terminal: terminal, services: services, watcher: files.watcher, frameTimer: frameTimer)
            .run(SampleTutorial.state(rows: terminal.size.rows, cols: terminal.size.cols))
    }

    @Test func theFirstFrameIsDrawnAndCtrlCQuitsAndGivesTheTerminalBack() async {
        let terminal = TestTerminal(script: [])
        #expect(await run(terminal, .idle(clock: clock)) == 0)
        #expect(terminal.frames.count == 1)
        #expect(terminal.screen.contains("Core track"))
        #expect(terminal.closed)
    }

    @Test func aSignalEndsTheLoopWithItsStatus() async {
        let terminal = TestTerminal(script: [.key(.down), .signal(15)])
        #expect(await run(terminal, .idle(clock: clock)) == 128 + 15)
        #expect(terminal.frames.count == 2, "the key was drawn, the signal ended the loop")
        #expect(terminal.closed)
    }

    @Test func aResizeRedrawsAtTheNewSize() async {
        let terminal = TestTerminal(script: [.resize(rows: 30, cols: 100)])
        _ = await run(terminal, .idle(clock: clock))
        let last = terminal.frames.last
        #expect(last?.rows == 30 && last?.cols == 100)
        #expect(last?.text.split(separator: "\n").first?.hasSuffix("0/2 passed") == true)
    }

    @Test func aGradeRunsInTheBackgroundAndItsVerdictArrivesThroughTheInbox() async {
        let saved = CallLog<LearnerProgress>()
        let graded = CallLog<String>()
        let terminal = TestTerminal(script: [.key(.character("o")), .key(.character("r")), .waitFor("1/3 checks")])
        _ = await run(terminal, .grading(failing, clock: clock, saved: saved, graded: graded))
        #expect(graded.all == ["01-singleton"])
        let recorded = saved.all.last?.katas["01-singleton"]
        #expect(recorded?.attempts == 1)
        #expect(recorded?.lastGraded == clock.now(), "the grade's time is the injected clock's")
        #expect(terminal.screen.contains("✗ One installation ID, ever"))
    }

    @Test func aGradeMadeInAnotherTerminalIsOnTheKataWhenItOpens() async {
        let graded = CallLog<String>()
        let asked = CallLog<String>()
        let terminal = TestTerminal(script: [.key(.character("o")), .waitFor("1/3 checks")])
        var services = TutorialServices.grading(failing, clock: clock, saved: CallLog(), graded: graded)
        let verdict = failing
        services.lastVerdict = { kata in
            asked.append(kata)
            return verdict
        }
        _ = await run(terminal, services)
        #expect(asked.all == ["01-singleton"])
        #expect(graded.all.isEmpty, "nothing was graded here")
        #expect(terminal.screen.contains("✗ One installation ID, ever"))
        #expect(!terminal.screen.contains("Not graded yet"))
    }

    /// The progress file is watched: a grade another process records there reaches the map and
    /// the header without a restart; the file read back unchanged is no news.
    @Test func aGradeRecordedByAnotherProcessReachesTheMap() async {
        let file = "/home/ada/.local/share/dikata/workspace/.dikata/progress.json"
        let disk = Mutex(LearnerProgress())
        let reads = CallLog<String>()
        let stamps = Mutex<[String: String]>([file: "1"])
        var services = TutorialServices.idle(clock: clock)
        services.progressFile = file
        services.loadProgress = {
            reads.append("read")
            return disk.withLock { $0 }
        }
        let terminal = TestTerminal(
            clock: clock,
            script: [
                .idle(20), .run { stamps.withLock { $0[file] = "2" } }, .idle(100),
                .run {
                    disk.withLock {
                        $0.katas["01-singleton"] = .init(attempts: 1, bestPoints: 5, maxPoints: 5, passed: true)
                    }
                    stamps.withLock { $0[file] = "3" }
                },
                .waitFor("1/2 passed"),
            ])
        let progressWatcher = FileWatcher(debounce: 0.2) { paths in
            stamps.withLock { $0.filter { paths.contains($0.key) } }
        }
        _ = await TutorialLoop(
            terminal: terminal, services: services, watcher: Files().watcher, progressWatcher: progressWatcher
        ).run(SampleTutorial.state(rows: terminal.size.rows, cols: terminal.size.cols))
        #expect(terminal.screen.split(separator: "\n").first?.hasSuffix("1/2 passed") == true)
        #expect(reads.all.count == 2, "read once per save, not on every turn of the loop")
    }

    @Test func aFailedGradeIsShownOnTheKata() async {
        let terminal = TestTerminal(script: [.key(.character("o")), .key(.character("r")), .waitFor("✗ no swift")])
        var services = TutorialServices.gradingFails("no swift on PATH", clock: clock)
        services.saveProgress = { _ in }
        _ = await run(terminal, services)
        #expect(terminal.screen.contains("✗ no swift on PATH"))
    }

    @Test func savingAFileRegradesOnceTheWritesSettle() async {
        let files = Files()
        let graded = CallLog<String>()
        let terminal = TestTerminal(
            clock: clock,
            script: [
                .key(.character("o")), .idle(20), .run { files.save("2") }, .idle(5), .run { files.save("3") },
                .waitFor("1/3 checks"), .idle(50),
            ])
        _ = await run(terminal, .grading(failing, clock: clock, graded: graded, files: [Self.kataFile]), files: files)
        #expect(graded.all == ["01-singleton"], "two writes of one save give one grade")
    }

    @Test func aSaveRightAfterTheKataOpensIsGraded() async {
        // The learner opens the kata and saves before the loop's next poll: the files' baseline
        // was taken when the kata was drawn, so this first save is a change.
        let files = Files()
        let graded = CallLog<String>()
        let terminal = TestTerminal(
            clock: clock,
            script: [.key(.character("o")), .run { files.save("2") }, .waitFor("1/3 checks"), .idle(50)])
        _ = await run(terminal, .grading(failing, clock: clock, graded: graded, files: [Self.kataFile]), files: files)
        #expect(graded.all == ["01-singleton"])
    }

    @Test func savesAreIgnoredWhileWatchingIsOff() async {
        let files = Files()
        let graded = CallLog<String>()
        let terminal = TestTerminal(
            cols: 200, clock: clock,
            script: [
                .key(.character("o")), .key(.character("w")), .waitFor("watch: off"), .idle(20),
                .run { files.save("2") }, .idle(100),
            ])
        _ = await run(terminal, .grading(failing, clock: clock, graded: graded, files: [Self.kataFile]), files: files)
        #expect(graded.all.isEmpty)
    }

    @Test func theEditorGetsTheTerminalAndItsFailureIsShownAfter() async {
        let opened = CallLog<String>()
        var services = TutorialServices.idle(clock: clock)
        services.saveProgress = { _ in }
        services.watchedFiles = { _ in [] }
        services.openEditor = { path in
            opened.append(path)
            return "The editor exited with status 1."
        }
        let terminal = TestTerminal(
            script: [.key(.character("o")), .key(.character("e")), .waitFor("The editor exited with status 1.")])
        _ = await run(terminal, services)
        #expect(opened.all == [Self.kataFile])
        #expect(terminal.suspensions == 1)
    }

    @Test func aResetRunsInTheBackgroundAndReportsTheBackup() async {
        let resets = CallLog<String>()
        var services = TutorialServices.idle(clock: clock)
        services.saveProgress = { _ in }
        services.watchedFiles = { _ in [] }
        services.reset = { kata in
            resets.append(kata)
            return .success("/backups/01-singleton-1")
        }
        let terminal = TestTerminal(
            cols: 120,
            script: [
                .key(.character("o")), .key(.character("x")), .key(.character("y")), .waitFor("back to its starter"),
            ])
        _ = await run(terminal, services)
        #expect(resets.all == ["01-singleton"])
        #expect(terminal.screen.contains("/backups/01-singleton-1"))
    }

    @Test func theGraphLoadsInTheBackground() async {
        var services = TutorialServices.idle(clock: clock)
        services.saveProgress = { _ in }
        services.watchedFiles = { _ in [] }
        services.graph = { _ in SampleGraph.graph }
        let terminal = TestTerminal(
            script: [.key(.character("o")), .key(.character("g")), .waitFor("AppComposer"), .key(.character("g"))])
        _ = await run(terminal, services)
        #expect(terminal.screen.contains("Kata 01-singleton"), "g went back to the kata")
    }

    @Test func theSolutionDiffIsLoadedAfterTheLearnerAgrees() async {
        let saved = CallLog<LearnerProgress>()
        var services = TutorialServices.idle(clock: clock)
        services.saveProgress = { saved.append($0) }
        services.watchedFiles = { _ in [] }
        services.solutionDiff = { _ in SampleGraph.diff }
        let terminal = TestTerminal(
            script: [
                .key(.character("o")), .key(.character("s")), .key(.character("y")),
                .waitFor("Reference solution for 01-singleton"),
            ])
        _ = await run(terminal, services)
        #expect(terminal.screen.contains("+    private init() {}"))
        #expect(saved.all.last?.katas["01-singleton"]?.solutionViewed == true)
    }

    @Test func joiningAWorkshopSendsTheFormAndSaysSo() async {
        let joins = CallLog<[String]>()
        var services = TutorialServices.idle(clock: clock)
        services.joinWorkshop = { url, name, code in
            joins.append([url, name, code])
            return nil
        }
        let script: [TestTerminal.Step] =
            [.key(.character("W"))] + TestTerminal.Step.type("127.0.0.1:8750") + [.key(.enter)]
            + TestTerminal.Step.type("Ada") + [.key(.enter)] + TestTerminal.Step.type("4jfmvw")
            + [.key(.enter), .waitFor("Joined the workshop")]
        let terminal = TestTerminal(script: script)
        _ = await run(terminal, services)
        #expect(joins.all == [["http://127.0.0.1:8750", "Ada", "4JFMVW"]])
    }

    @Test func withoutAWorkshopClientJoiningSaysItIsNotAvailable() async {
        let script: [TestTerminal.Step] =
            [.key(.character("W")), .key(.enter), .key(.enter), .key(.enter), .waitFor("not available here")]
        let terminal = TestTerminal(script: script)
        _ = await run(terminal, .idle(clock: clock))
        #expect(terminal.screen.contains("Workshops are not available here."))
    }

    @Test func theRoomsMessageArrivesAndItsCountdownTicksOnTheInjectedClock() async {
        var services = TutorialServices.idle(clock: clock)
        let ends = clock.now().addingTimeInterval(90)
        services.room = {
            RoomState(
                katas: ["01-singleton"], unlocked: [], message: "Break until 11:00",
                messageSentAt: Date(timeIntervalSince1970: 0), countdownEndsAt: ends)
        }
        let terminal = TestTerminal(
            clock: clock,
            script: [.waitFor("Message from the facilitator: Break until 11:00"), .key(.escape), .waitFor("⏱ 1:2")])
        _ = await run(terminal, services)
        #expect(terminal.screen.split(separator: "\n")[0].contains("⏱ 1:2"))
    }

    @Test func theRoomIsPolledOnceASecondOfTheInjectedClock() async {
        var services = TutorialServices.idle(clock: clock)
        let polls = CallLog<Date>()
        services.room = {
            polls.append(clock.now())
            return RoomState(katas: ["01-singleton"])
        }
        // Each idle read moves the clock one turn (10 ms); the pauses between let the poller catch up.
        let settle = TestTerminal.Step.run { usleep(30_000) }
        let terminal = TestTerminal(
            clock: clock, script: [settle, .idle(100), settle, .idle(100), settle, .idle(100), settle])
        _ = await run(terminal, services)
        #expect((3...4).contains(polls.all.count), "polled at \(polls.all.map { $0.timeIntervalSince(clock.start) })")
    }

    @Test func frameTimesAreMeasuredOnTheInjectedClock() async {
        let times = CallLog<Double>()
        let terminal = TestTerminal(script: [.key(.down), .key(.up)])
        _ = await run(terminal, .idle(clock: clock), frameTimer: { times.append($0) })
        #expect(times.all == [0, 0], "the clock did not move, so no frame took time")
    }
}

/// The facilitator's dashboard loop on an in-memory terminal.
struct DashboardLoopTests {
    let clock = TestClock(WorkshopScreenTests.now)

    @Test func theDashboardIsFetchedAndDrawnUntilQ() async {
        let terminal = TestTerminal(rows: 16, cols: 80, script: [.waitFor("3 participants"), .key(.character("q"))])
        let status = await DashboardLoop(terminal: terminal, now: clock.now, pause: clock.pause) {
            .success(WorkshopScreenTests.dashboard)
        }
        .run(theme: .monochrome)
        #expect(status == 0)
        #expect(terminal.screen.contains("⚠3 1m"))
        #expect(terminal.closed)
    }

    @Test func aFailedFetchIsShownAndASignalEndsTheLoop() async {
        let terminal = TestTerminal(rows: 16, cols: 80, script: [.waitFor("⚠ host unreachable"), .signal(2)])
        let status = await DashboardLoop(terminal: terminal, now: clock.now, pause: clock.pause) {
            .failure(TutorialFailure("host unreachable"))
        }.run(theme: .monochrome)
        #expect(status == 130)
    }
}
