import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// `dikata dev check`'s rules, applied to verdicts made by hand (no compiler runs): a variant is
/// named by its outcome, so it must fail every check it lists and nothing else.
struct KataVerifierRulesTests {
    func result(_ id: String, _ status: CheckStatus) -> CheckResult {
        CheckResult(
            id: id, title: id, kind: "behaviour", status: status, points: status == .passed ? 1 : 0, maxPoints: 1,
            advice: nil, message: status == .passed ? nil : "it failed", location: nil, output: "",
            outputDroppedBytes: 0, visibility: .visible, duration: 0)
    }

    func verdict(_ kata: Kata, failing: [String: CheckStatus] = [:]) -> Verdict {
        Verdict(
            kata: .init(id: kata.id, title: kata.manifest.title, stage: 0),
            checks: kata.manifest.checks.map { result($0.id, failing[$0.id] ?? .passed) }, problems: [], notes: [],
            isolation: .bubblewrap, duration: 0)
    }

    @Test func aVariantThatFailsACheckItDoesNotListIsReported() throws {
        let kata = try Fixtures.loginKata()
        let keys = Dictionary(uniqueKeysWithValues: kata.manifest.keyChecks.map { ($0, CheckStatus.failed) })
        let starter = verdict(kata, failing: keys)
        let named = KataVerifier.Report.Variant(
            manifest: VariantManifest(name: "greets-wrongly", description: "", fails: ["signs-in"]),
            verdict: verdict(kata, failing: ["signs-in": .failed]))
        let spills = KataVerifier.Report.Variant(
            manifest: VariantManifest(name: "spills-over", description: "", fails: ["signs-in"]),
            verdict: verdict(kata, failing: ["signs-in": .failed, "no-shared": .failed]))
        let problems = KataVerifier.problems(
            kata: kata, starter: starter, solution: verdict(kata), variants: [named, spills])
        let about = problems.filter { $0.contains("also fails") }
        #expect(about.count == 1)
        #expect(about.first?.hasPrefix("Variant spills-over also fails no-shared [failed]") == true)
        #expect(!problems.contains { $0.contains("greets-wrongly") })
    }
}
