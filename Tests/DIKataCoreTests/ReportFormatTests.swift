import DIKataCore
import Foundation
import TestSupport
import Testing

/// Golden tests for every CI format: the output is compared with `Golden/<name>`; run with
/// `RECORD_GOLDEN=1` to re-record after an intended change (and review the diff).
struct ReportFormatTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func assertGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    {
        let file = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == expected, "\(name) differs from its golden file (RECORD_GOLDEN=1 re-records)",
            sourceLocation: sourceLocation)
    }

    static let verdicts = [SampleVerdicts.failing, SampleVerdicts.passing]

    @Test(arguments: [
        (ReportFormat.exercism, "exercism.json"), (.gradescope, "gradescope.json"), (.junit, "junit.xml"),
        (.github, "github.txt"), (.markdown, "markdown.md"), (.text, "text.txt"), (.json, "verdicts.json"),
    ])
    func matchesGolden(format: ReportFormat, file: String) throws {
        let text = ReportRenderer(colour: false, context: SampleVerdicts.context).render(Self.verdicts, as: format)
        try assertGolden(text, file)
    }

    @Test func exercismReportsErrorWhenNothingRan() throws {
        let text = ExercismReport().render([SampleVerdicts.unreadable], context: SampleVerdicts.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "error")
        #expect(object["message"] as? String == "Package.swift could not be read: line 3: expected ')'")
    }

    @Test func exercismCapsOutputAt500Characters() throws {
        let text = ExercismReport().render([SampleVerdicts.failing], context: SampleVerdicts.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.allSatisfy { ($0["output"] as? String)?.count ?? 0 <= 500 })
        #expect(tests[1]["test_code"] as? String == "@Test func silent() {\n    #expect(true)\n}")
        #expect(tests[1]["task_id"] as? Int == 3)
    }

    @Test func aWarmUpIsNoExercismTask() throws {
        var warmUp = SampleVerdicts.failing
        warmUp.kata.stage = 0
        let text = ExercismReport().render([warmUp], context: SampleVerdicts.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(!tests.isEmpty)
        #expect(tests.allSatisfy { $0["task_id"] == nil })
        #expect(KataManifest.stageLabel(0) == "Warm-up")
        #expect(KataManifest.stageLabel(3) == "Stage 3")
    }

    @Test func gradescopeTakesVisibilityFromTheCheck() throws {
        let text = GradescopeReport().render([SampleVerdicts.failing], context: SampleVerdicts.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(
            tests.map { $0["visibility"] as? String } == [
                "visible", "after_due_date", "visible", "visible", "visible", "visible",
            ])
        #expect(object["score"] as? Int == 2)
    }

    @Test func githubAnnotationsEscapeNewlinesAndSeparators() {
        let text = GitHubReport().annotations([SampleVerdicts.failing], context: SampleVerdicts.context)
        let first = text.split(separator: "\n")[0]
        #expect(
            first
                == "::error file=03-property-injection/Sources/Items/ItemListViewModel.swift,line=22,title=03-property-injection%3A The tripwire stays silent [failed]::Expectation failed: hits.isEmpty%0Areload() (Items/ItemListViewModel.swift:22) still calls ServerAPIClient.shared%0ANext step: Send every call through `client`."
        )
    }

    @Test func minimumScores() {
        #expect(MinimumScore("12") == .points(12))
        #expect(MinimumScore("80%") == .percent(80))
        #expect(MinimumScore("120%") == nil)
        #expect(MinimumScore("lots") == nil)
        #expect(GradePolicy.passes([SampleVerdicts.failing], minimum: nil) == false)
        #expect(GradePolicy.passes([SampleVerdicts.failing], minimum: .points(2)) == true)
        #expect(GradePolicy.passes([SampleVerdicts.failing], minimum: .percent(25)) == false)
        #expect(GradePolicy.passes([SampleVerdicts.passing], minimum: nil) == true)
        #expect(GradePolicy.passes([], minimum: nil) == false)
    }

    @Test func kataSelections() {
        let order = ["00-warm-up", "01-singleton", "02-global-state", "03-property-injection", "04-extensions"]
        #expect(
            KataSelection.resolve("01-03", in: order)
                == .success(["01-singleton", "02-global-state", "03-property-injection"]))
        #expect(KataSelection.resolve("4,1", in: order) == .success(["01-singleton", "04-extensions"]))
        #expect(KataSelection.resolve("02-global-state", in: order) == .success(["02-global-state"]))
        #expect(KataSelection.resolve("07-09", in: order) == .failure(.noMatch("07-09")))
    }
}
