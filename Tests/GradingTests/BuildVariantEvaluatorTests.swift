import DIKataCore
import Foundation
import Testing

@testable import Grading

/// A `build-variant` check's evidence comes from a second grade whose checks are its tests.
struct BuildVariantEvaluatorTests {
    let rule = BuildVariantEvaluator.Rule(defines: ["RELEASE"], tests: ["quiet", "composes"])

    @Test func theVariantGradeChecksOnlyTheListedTests() throws {
        let manifest = KataManifest(
            id: "k", title: "K", stage: 7, summary: "s", hints: ["a", "b", "c"], targets: [TargetRule(name: "App")],
            checks: [
                CheckSpec(
                    id: "release", title: "R", points: 2, kind: .buildVariant(defines: ["RELEASE"], tests: ["quiet"]),
                    advice: "a")
            ], keyChecks: ["release"])
        let kata = Kata(manifest: manifest, directory: URL(fileURLWithPath: "/katas/k"))
        let variant = BuildVariantEvaluator.variantKata(kata, rule: rule)
        #expect(variant.manifest.checks.map(\.kind) == [.behaviour(test: "quiet"), .behaviour(test: "composes")])
        #expect(variant.manifest.keyChecks.isEmpty)
        #expect(variant.hidden == kata.hidden)
        #expect(BuildVariantEvaluator.flags(["RELEASE", "B"]) == ["-D", "RELEASE", "-D", "B"])
        let folder = BuildVariantEvaluator.folder(
            for: manifest.checks[0], in: BuildFolder(root: URL(fileURLWithPath: "/cache/builds/k-1")))
        #expect(folder.root.path == "/cache/builds/k-1/variants/release")
    }

    @Test func passesOnlyWhenEveryTestPassed() {
        let passed = BuildVariantEvaluator.evidence(
            for: rule,
            variant: [
                "variant-0": CheckEvidence(.passed, output: CapturedText(text: "a\n"), duration: 0.5),
                "variant-1": CheckEvidence(.passed, output: CapturedText(text: "b\n"), duration: 0.25),
            ], problems: [])
        #expect(passed == CheckEvidence(.passed, output: CapturedText(text: "a\nb\n"), duration: 0.75))
    }

    @Test func theFirstTestThatDidNotPassSaysWhichBuildItWas() {
        let location = SourceLocation(file: "Sources/App/AppComposer.swift", line: 4)
        let failed = BuildVariantEvaluator.evidence(
            for: rule,
            variant: [
                "variant-0": CheckEvidence(.passed),
                "variant-1": CheckEvidence(.failed("Expectation failed: log is SilentLog", location)),
            ], problems: [])
        #expect(
            failed.outcome == .failed("Built with RELEASE defined: Expectation failed: log is SilentLog", location))

        let missing = BuildVariantEvaluator.evidence(
            for: rule, variant: ["variant-0": CheckEvidence(.passed)], problems: [])
        #expect(missing.outcome == .notRun("Built with RELEASE defined, the hidden test `composes` did not run."))

        let broken = BuildVariantEvaluator.evidence(
            for: rule, variant: ["variant-0": CheckEvidence(.compileError("Your code does not compile yet", nil))],
            problems: [])
        #expect(broken.outcome == .compileError("Built with RELEASE defined: Your code does not compile yet", nil))
    }

    @Test func aProblemOfTheVariantBuildFailsTheCheck() {
        let evidence = BuildVariantEvaluator.evidence(
            for: rule, variant: [:], problems: ["Sources/App/Debug.swift:3: FileManager is refused"])
        #expect(
            evidence.outcome
                == .failed("Built with RELEASE defined: Sources/App/Debug.swift:3: FileManager is refused", nil))
    }
}
