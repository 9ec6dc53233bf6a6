import DIKataCore
import Testing

/// The logic behind `dikata hint`, `dikata solution` and `dikata doctor`.
struct HintRevealTests {
    let hints = ["first", "second", "third"]

    @Test func eachCallShowsTheNextHintAndRecordsIt() throws {
        var progress = LearnerProgress()
        for number in 1...3 {
            let reveal = try HintReveal.reveal(nil, of: "01-singleton", hints: hints, progress: progress)
            #expect(reveal.shown.map(\.number) == [number])
            #expect(reveal.shown.map(\.text) == [hints[number - 1]])
            #expect(reveal.progress.katas["01-singleton"]?.hintsUsed == number)
            progress = reveal.progress
        }
        let done = try HintReveal.reveal(nil, of: "01-singleton", hints: hints, progress: progress)
        #expect(done.shown.map(\.number) == [1, 2, 3])
        #expect(done.note == "All hints for 01-singleton are shown.")
        #expect(done.progress == progress)
    }

    @Test func aNumberedHintCountsEveryHintUpToIt() throws {
        let reveal = try HintReveal.reveal(2, of: "01-singleton", hints: hints, progress: LearnerProgress())
        #expect(reveal.shown.map(\.text) == ["second"])
        #expect(reveal.progress.katas["01-singleton"]?.hintsUsed == 2)
    }

    @Test func aHintThatDoesNotExistIsAnError() {
        #expect(throws: HintReveal.Problem.outOfRange(kata: "01-singleton", asked: 4, count: 3)) {
            try HintReveal.reveal(4, of: "01-singleton", hints: hints, progress: LearnerProgress())
        }
        #expect(throws: HintReveal.Problem.noHints(kata: "00-warm-up")) {
            try HintReveal.reveal(nil, of: "00-warm-up", hints: [], progress: LearnerProgress())
        }
    }
}

struct SolutionAccessTests {
    @Test func afterAPassTheSolutionIsShown() {
        #expect(SolutionAccess.decide(kata: "k", passed: true, force: false, yes: false, canAsk: false) == .show)
    }

    @Test func beforeAPassItNeedsForceAndAConfirmation() {
        guard
            case .refuse(let message) = SolutionAccess.decide(
                kata: "k", passed: false, force: false, yes: false, canAsk: true)
        else {
            Issue.record("shown without --force")
            return
        }
        #expect(message.contains("dikata solution k --force"))
        guard case .confirm = SolutionAccess.decide(kata: "k", passed: false, force: true, yes: false, canAsk: true)
        else {
            Issue.record("--force did not ask")
            return
        }
        #expect(SolutionAccess.decide(kata: "k", passed: false, force: true, yes: true, canAsk: false) == .show)
        guard
            case .refuse(let noTerminal) = SolutionAccess.decide(
                kata: "k", passed: false, force: true, yes: false, canAsk: false)
        else {
            Issue.record("shown without a confirmation")
            return
        }
        #expect(noTerminal.contains("--yes"))
    }
}

struct UnifiedDiffTextTests {
    /// What `diff -ruN /tmp/yours /cache/solution` prints for a changed file and a new one.
    static let output = """
        diff -ruN /tmp/yours/Sources/App/App.swift /cache/solution/Sources/App/App.swift
        --- /tmp/yours/Sources/App/App.swift\t2026-11-24 14:00:00.000000000 +0000
        +++ /cache/solution/Sources/App/App.swift\t2026-11-24 14:01:00.000000000 +0000
        @@ -1,2 +1,2 @@
        -let client = APIClient.shared
        +let client = APIClient()
         print(client)
        diff -ruN /tmp/yours/Sources/App/Root.swift /cache/solution/Sources/App/Root.swift
        --- /tmp/yours/Sources/App/Root.swift\t1970-01-01 00:00:00.000000000 +0000
        +++ /cache/solution/Sources/App/Root.swift\t2026-11-24 14:01:00.000000000 +0000
        @@ -0,0 +1 @@
        +struct Root {}

        """

    @Test func filesAreNamedAAndBWithoutTimestamps() {
        let lines = UnifiedDiffText.relabel(Self.output, old: "/tmp/yours", new: "/cache/solution")
        #expect(
            lines == [
                "diff -ruN a/Sources/App/App.swift b/Sources/App/App.swift", "--- a/Sources/App/App.swift",
                "+++ b/Sources/App/App.swift", "@@ -1,2 +1,2 @@", "-let client = APIClient.shared",
                "+let client = APIClient()", " print(client)",
                "diff -ruN a/Sources/App/Root.swift b/Sources/App/Root.swift", "--- a/Sources/App/Root.swift",
                "+++ b/Sources/App/Root.swift", "@@ -0,0 +1 @@", "+struct Root {}",
            ])
        #expect(
            lines.prefix(7).map(UnifiedDiffText.kind)
                == [.fileHeader, .fileHeader, .fileHeader, .hunk, .removed, .added, .context])
    }
}

struct DoctorReportTests {
    @Test func aMissingToolchainMeansNoGradingAndSaysWhatToInstall() {
        let report = DoctorReport(findings: [
            .init(
                "Swift toolchain", .missing, "swiftc is not on PATH",
                fix: "install Swift 6 from https://swift.org/install"),
            .init("sandbox", .warning, "no sandbox", fix: "install bubblewrap"),
        ])
        #expect(!report.canGrade)
        #expect(
            report.text == """
                [FAIL] Swift toolchain: swiftc is not on PATH
                       → install Swift 6 from https://swift.org/install
                [warn] sandbox: no sandbox
                       → install bubblewrap

                dikata cannot grade katas yet: see FAIL above.

                """)
    }

    @Test func theTerminalFindingReadsTheEnvironmentItIsGiven() {
        #expect(DoctorReport.terminal(environment: ["TERM": "xterm-256color"], isTerminal: true).status == .ok)
        #expect(DoctorReport.terminal(environment: ["TERM": "dumb"], isTerminal: true).status == .warning)
        #expect(DoctorReport.terminal(environment: [:], isTerminal: false).status == .warning)
    }

    @Test func theEditorFindingNamesWhatToSetWhenTheEditorIsMissing() {
        let installed: (String) -> Bool = { $0 == "nano" || $0 == "/usr/bin/vi" }
        #expect(DoctorReport.editor(environment: ["EDITOR": "nano -w"], isExecutable: installed).status == .ok)
        let missing = DoctorReport.editor(
            environment: ["VISUAL": "code --wait", "EDITOR": "nano"], isExecutable: installed)
        #expect(missing.status == .warning)
        #expect(missing.detail.hasPrefix("code is not on PATH"))
        #expect(missing.fix.contains("EDITOR=nano"))
        #expect(DoctorReport.editor(environment: [:], isExecutable: { $0 == "vi" }).detail.hasPrefix("vi (set"))
    }
}
