import DIKataCore
import Foundation
import Testing

/// One compile error that stops several checks is reported once, above them.
struct BuildFailureTests {
    static let error =
        "Your code does not compile yet (Login): Sources/Login/LoginViewModel.swift:9: cannot find 'x' in scope"

    func verdict(_ outcomes: [(String, CheckOutcome)]) -> Verdict {
        let manifest = KataManifest(
            id: "00-warm-up", title: "Warm-up", stage: 0, summary: "", hints: [], targets: [],
            checks: outcomes.map { id, _ in
                CheckSpec(
                    id: id, title: "Check \(id)", points: 1, kind: .behaviour(test: id), advice: "Advice for \(id).")
            })
        return VerdictBuilder().verdict(
            for: manifest, evidence: Dictionary(uniqueKeysWithValues: outcomes.map { ($0, CheckEvidence($1)) }),
            isolation: .bubblewrap, duration: 1)
    }

    @Test func theErrorSharedByManyChecksIsFoundOnce() {
        let at = SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 9)
        let verdict = verdict([
            ("a", .compileError(Self.error, at)), ("b", .failed("wrong", nil)), ("c", .compileError(Self.error, at)),
            ("d", .compileError(Self.error, at)), ("e", .compileError("another error", nil)),
        ])
        let build = verdict.sharedBuildFailure
        #expect(build?.checkIDs == ["a", "c", "d"])
        #expect(build?.location == at)

        let text = TextReport(colour: false).render(verdict)
        #expect(text.components(separatedBy: "cannot find 'x' in scope").count == 2, "the error once:\n\(text)")
        #expect(text.contains("→ Make your code compile; the 3 checks marked [build] run once it does."))
        #expect(!text.contains("Advice for a."), "a stopped check repeats no advice")
        #expect(text.contains("Advice for b.") && text.contains("another error"), "other failures keep theirs")
    }

    @Test func oneCompileErrorAloneStaysUnderItsCheck() {
        let verdict = verdict([("a", .compileError(Self.error, nil)), ("b", .passed)])
        #expect(verdict.sharedBuildFailure == nil)
        #expect(TextReport(colour: false).render(verdict).contains("Advice for a."))
    }
}
