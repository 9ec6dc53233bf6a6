import DIKataCore
import TestSupport
import Testing

/// A submission that could not be graded (no package, a broken Package.swift, no kata folder)
/// must read as an error in a JUnit dashboard, never as a suite of skipped tests.
struct JUnitUngradedTests {
    func render(_ verdict: Verdict) -> String {
        JUnitReport().render([verdict], context: SampleVerdicts.context)
    }

    @Test func everyCheckOfAnUngradedSubmissionIsAnError() {
        let xml = render(SampleVerdicts.unreadable)
        let checks = SampleVerdicts.unreadable.checks.count
        #expect(checks == 6)
        #expect(!xml.contains("<skipped"))
        #expect(xml.components(separatedBy: "<error ").count - 1 == checks)
        #expect(xml.contains("errors=\"\(checks)\" skipped=\"0\""))
        #expect(xml.contains("<testsuites name=\"dikata\" tests=\"6\" failures=\"0\" errors=\"6\""))
        #expect(
            xml.contains("type=\"not_graded\">Package.swift could not be read: line 3: expected &apos;)&apos;</error>"))
    }

    @Test func aMissingKataFolderIsAnErrorToo() {
        let missing = VerdictBuilder().verdict(
            for: SampleVerdicts.kata, evidence: [:], problems: ["The submission has no 03-property-injection folder."],
            isolation: .bubblewrap, duration: 0)
        let xml = render(missing)
        #expect(xml.contains("message=\"Not graded: The submission has no 03-property-injection folder.\""))
        #expect(!xml.contains("<skipped"))
    }

    @Test func aCheckThatDidNotRunInAGradedSubmissionIsStillSkipped() {
        // `order` has no evidence in the failing sample: the rest was graded.
        let xml = render(SampleVerdicts.failing)
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == 1)
        #expect(!xml.contains("not_graded"))
    }
}
