import DIKataCore
import Foundation

/// `kind: build-variant`: the package compiled again with extra compilation conditions (`-D`
/// on every learner target), and hidden tests run against that build. Each check is one more
/// grade of the same snapshot, in a build folder of its own, whose only checks are its tests;
/// so a variant build goes through every step a grade does (safety check included).
struct BuildVariantEvaluator: CheckEvaluator {
    struct Rule: Sendable {
        var defines: [String]
        var tests: [String]
    }

    var checks: [(check: CheckSpec, rule: Rule)]

    init(checks: [CheckSpec]) {
        self.checks = Self.select(checks)
    }

    static func rule(of kind: CheckKind) -> Rule? {
        if case .buildVariant(let defines, let tests) = kind { Rule(defines: defines, tests: tests) } else { nil }
    }

    static func testCode(_ rule: Rule, check: CheckSpec, in kata: Kata) -> String? {
        "Built with \(flags(rule.defines).joined(separator: " ")), these hidden tests pass: "
            + rule.tests.joined(separator: ", ")
    }

    static func flags(_ defines: [String]) -> [String] { defines.flatMap { ["-D", $0] } }

    /// The kata as the variant build grades it: the same kata, whose only checks are `rule`'s tests.
    static func variantKata(_ kata: Kata, rule: Rule) -> Kata {
        var variant = kata
        variant.manifest.checks = rule.tests.enumerated().map { index, test in
            CheckSpec(id: "variant-\(index)", title: test, points: 0, kind: .behaviour(test: test), advice: "")
        }
        variant.manifest.keyChecks = []
        return variant
    }

    /// Where the variant build of `check` lives, beside the kata's own build.
    static func folder(for check: CheckSpec, in folder: BuildFolder) -> BuildFolder {
        BuildFolder(root: folder.root.appendingPathComponent("variants/\(check.id)", isDirectory: true))
    }

    /// The check's evidence from the variant grade's: passed when every test passed; otherwise
    /// the first test that did not, its message saying which build it was.
    static func evidence(
        for rule: Rule, variant: [String: CheckEvidence], problems: [String]
    ) -> CheckEvidence {
        let build = "Built with \(rule.defines.joined(separator: ", ")) defined"
        if let problem = problems.first { return CheckEvidence(.failed("\(build): \(problem)", nil)) }
        let results = rule.tests.indices.map { variant["variant-\($0)"] }
        for (test, result) in zip(rule.tests, results) {
            guard let result else {
                return CheckEvidence(.notRun("\(build), the hidden test `\(test)` did not run."))
            }
            var evidence = result
            switch result.outcome {
            case .passed: continue
            case .failed(let message, let location): evidence.outcome = .failed("\(build): \(message)", location)
            case .compileError(let message, let location):
                evidence.outcome = .compileError("\(build): \(message)", location)
            case .crashed(let message, let location): evidence.outcome = .crashed("\(build): \(message)", location)
            case .timedOut(let message): evidence.outcome = .timedOut("\(build): \(message)")
            case .notRun(let message): evidence.outcome = .notRun("\(build): \(message)")
            }
            return evidence
        }
        let output = results.compactMap { $0?.output.text }.joined()
        let duration = results.compactMap { $0?.duration }.reduce(0, +)
        return CheckEvidence(.passed, output: CapturedText(text: output), duration: duration)
    }
}
