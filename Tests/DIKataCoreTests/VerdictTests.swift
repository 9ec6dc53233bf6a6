import DIKataCore
import Foundation
import Testing

/// The verdict: built from evidence (no evidence never passes), reported as text and JSON.
struct VerdictTests {
    static let kata = KataManifest(
        id: "01-singleton", title: "One by law", stage: 1, summary: "s", hints: ["a", "b", "c"],
        targets: [TargetRule(name: "APIClient")],
        checks: [
            CheckSpec(
                id: "api", title: "Staging client", points: 2, kind: .contract(probe: "contract/api.swift"),
                advice: "Expose an initializer."),
            CheckSpec(
                id: "once", title: "One ID", points: 3, kind: .behaviour(test: "once"), advice: "Generate the ID once."),
            CheckSpec(
                id: "lint", title: "No hatch", points: 1, kind: .lint(pattern: "x", paths: [], mustMatch: false),
                advice: "Make it Sendable."),
        ])

    static func verdict() -> Verdict {
        VerdictBuilder().verdict(
            for: kata,
            evidence: [
                "api": CheckEvidence(.passed, duration: 0.25),
                "once": CheckEvidence(
                    .failed(
                        "Expectation failed: ids.count == 1",
                        SourceLocation(file: "Sources/APIClient/InstallationID.swift", line: 12)),
                    output: CapturedText(text: "made an ID\n", droppedBytes: 10)),
            ],
            notes: ["Running as root."], isolation: .bubblewrap, duration: 1.5)
    }

    @Test func aCheckThatRanOutOfTimeGetsItsTimeoutAdvice() {
        var kata = Self.kata
        kata.checks[1].timeoutAdvice = "Your continuation is never resumed: resume it on every path."
        let timedOut = VerdictBuilder().verdict(
            for: kata, evidence: ["once": CheckEvidence(.timedOut("ran for more than 5 s"))],
            isolation: .bubblewrap, duration: 5)
        #expect(timedOut.check("once")?.advice == "Your continuation is never resumed: resume it on every path.")
        let failed = VerdictBuilder().verdict(
            for: kata, evidence: ["once": CheckEvidence(.failed("ids.count == 2", nil))], isolation: .bubblewrap,
            duration: 1)
        #expect(failed.check("once")?.advice == "Generate the ID once.")
        #expect(timedOut.check("lint")?.advice == "Make it Sendable.", "without timeout_advice, advice serves")
    }

    @Test func aCheckWithoutEvidenceIsNotRunAndEarnsNothing() {
        let verdict = Self.verdict()
        #expect(verdict.check("lint")?.status == .notRun)
        #expect(verdict.check("lint")?.advice == "Make it Sendable.")
        #expect(verdict.totals == Verdict.Totals(points: 2, maxPoints: 6, passed: 1, checks: 3))
        #expect(verdict.outcome == .failed)
        #expect(verdict.check("api")?.advice == nil, "passed checks carry no advice")
    }

    @Test func everyCheckPassingWithoutProblemsPasses() {
        let all = Dictionary(uniqueKeysWithValues: Self.kata.checks.map { ($0.id, CheckEvidence(.passed)) })
        let passed = VerdictBuilder().verdict(for: Self.kata, evidence: all, isolation: .bubblewrap, duration: 1)
        #expect(passed.outcome == .passed)
        let withProblem = VerdictBuilder().verdict(
            for: Self.kata, evidence: all, problems: ["Package.swift could not be read"], isolation: .bubblewrap,
            duration: 1)
        #expect(withProblem.outcome == .failed)
    }

    @Test func textReportWithoutColour() {
        let text = TextReport(colour: false, displayPath: { "/ws/01-singleton/\($0)" }).render(Self.verdict())
        #expect(
            text == """
                01-singleton · One by law
                  ✓ Staging client  2/2
                  ✗ One ID  0/3
                      at /ws/01-singleton/Sources/APIClient/InstallationID.swift:12
                      Expectation failed: ids.count == 1
                      → Generate the ID once.
                      (output cut: 10 more bytes)
                  ✗ No hatch [not run]  0/1
                      dikata found no result for this check
                      → Make it Sendable.
                  note: Running as root.
                1/3 checks passed · 2/6 points · 1.50s

                """)
    }

    @Test func textReportColoursOnlyWhenAsked() {
        #expect(TextReport(colour: true).render(Self.verdict()).contains("\u{1B}[32m✓\u{1B}[0m"))
        #expect(!TextReport(colour: false).render(Self.verdict()).contains("\u{1B}"))
    }

    @Test func jsonReportRoundTripsWithSnakeCaseKeys() throws {
        let text = JSONReport().render([Self.verdict()])
        #expect(text.contains("\"schema_version\" : 1"))
        #expect(text.contains("\"output_dropped_bytes\" : 10"))
        #expect(text.contains("\"status\" : \"not_run\""))
        #expect(try JSONReport().decode(text) == [Self.verdict()])
    }

    /// `grade --watch --format json` prints one report per grade, each on one line (JSON Lines).
    @Test func oneLineJSONReportIsOneLineOfTheSameReport() throws {
        var verdict = Self.verdict()
        verdict.problems = ["a message\nof two lines"]
        let text = JSONReport(oneLine: true).render([verdict])
        #expect(text.hasSuffix("}\n"))
        #expect(text.dropLast().split(separator: "\n").count == 1, "newlines inside strings stay escaped")
        #expect(text.contains("\"schema_version\":1"))
        #expect(try JSONReport().decode(text) == [verdict])
    }

    @Test func progressRemembersTheBestScoreAndTheCurrentKata() {
        let catalog = Catalog(
            title: "t", tracks: [.init(id: "core", title: "Core", katas: ["01-singleton", "02-global-state"])])
        var progress = LearnerProgress()
        #expect(progress.currentKata(in: catalog) == "01-singleton")
        progress.record(Self.verdict(), at: Date(timeIntervalSince1970: 0))
        #expect(
            progress.katas["01-singleton"]
                == .init(
                    attempts: 1, bestPoints: 2, maxPoints: 6, passed: false, lastGraded: Date(timeIntervalSince1970: 0))
        )
        #expect(progress.currentKata(in: catalog) == "01-singleton")
        let all = Dictionary(uniqueKeysWithValues: Self.kata.checks.map { ($0.id, CheckEvidence(.passed)) })
        progress.record(
            VerdictBuilder().verdict(for: Self.kata, evidence: all, isolation: .bubblewrap, duration: 1), at: Date())
        #expect(progress.katas["01-singleton"]?.passed == true)
        #expect(progress.currentKata(in: catalog) == "02-global-state")
    }
}
