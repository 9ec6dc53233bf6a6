import DIKataCore
import Foundation

/// One kind of check, in one place: which of a kata's checks are its kind, how they are judged
/// (each conforming type's `evaluate`, taking exactly the values that kind needs, at the step
/// of the grade where they exist) and the source CI formats show for them. The kind's fields
/// in kata.yaml are read by its row in DIKataCore's `CheckKind.fieldDecoders`.
protocol CheckEvaluator: Sendable {
    /// What one check of this kind names (its probe, test, target, pattern, …).
    associatedtype Rule: Sendable

    /// The rule of a check of this kind; nil for every other kind.
    static func rule(of kind: CheckKind) -> Rule?

    /// What a check inspects, for CI formats that show it (Exercism's `test_code`): its hidden
    /// source, or the rule in words.
    static func testCode(_ rule: Rule, check: CheckSpec, in kata: Kata) -> String?
}

extension CheckEvaluator {
    /// The checks of this kind among `checks`, in manifest order, with their rules.
    static func select(_ checks: [CheckSpec]) -> [(check: CheckSpec, rule: Rule)] {
        checks.compactMap { check in rule(of: check.kind).map { (check, $0) } }
    }

    /// Whether checks of `kind` are this evaluator's.
    static func judges(_ kind: CheckKind) -> Bool { rule(of: kind) != nil }

    /// `testCode` of `check` when it is of this kind; nil when it is another kind.
    static func testCode(for check: CheckSpec, in kata: Kata) -> String?? {
        rule(of: check.kind).map { testCode($0, check: check, in: kata) }
    }
}

/// Every kind of check dikata grades.
enum CheckEvaluators {
    static var all: [any CheckEvaluator.Type] {
        [
            ContractEvaluator.self, IsolatedProbeEvaluator.self, BehaviourEvaluator.self, ManifestEvaluator.self,
            ImportsEvaluator.self, LintEvaluator.self, SurfaceEvaluator.self, BuildVariantEvaluator.self,
        ]
    }

    /// The source behind `check`, asked of the evaluator of its kind.
    static func testCode(for check: CheckSpec, in kata: Kata) -> String? {
        for kind in all {
            if let code = kind.testCode(for: check, in: kata) { return code }
        }
        return nil
    }

    /// The text of a hidden file of the kata (`probe` is relative to its `hidden/`).
    static func hiddenText(_ probe: String, in kata: Kata) -> String? {
        try? String(contentsOf: kata.hidden.appendingPathComponent(probe), encoding: .utf8)
    }
}
