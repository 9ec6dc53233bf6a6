import DIKataCore

/// `kind: manifest`: the learner's Package.swift keeps the dependency rules of one target.
struct ManifestEvaluator: CheckEvaluator {
    /// Each check with the target whose rules it holds.
    var checks: [(check: CheckSpec, rule: String)]
    /// The kata's rules for its targets.
    var targets: [TargetRule]

    init(checks: [CheckSpec], targets: [TargetRule]) {
        self.checks = Self.select(checks)
        self.targets = targets
    }

    static func rule(of kind: CheckKind) -> String? {
        if case .manifest(let target) = kind { target } else { nil }
    }

    func evaluate(_ package: LearnerPackage) -> [String: CheckEvidence] {
        let rules = DependencyRules()
        var evidence: [String: CheckEvidence] = [:]
        for (check, target) in checks {
            guard let rule = targets.first(where: { $0.name == target }) else { continue }
            evidence[check.id] = CheckEvidence(rules.evaluate(rule, in: package))
        }
        return evidence
    }

    static func testCode(_ target: String, check: CheckSpec, in kata: Kata) -> String? {
        let rule = kata.manifest.target(named: target)
        var parts: [String] = []
        if let required = rule?.requiredDependencies, !required.isEmpty {
            parts.append("\(target) depends on \(required.joined(separator: ", "))")
        }
        if let forbidden = rule?.forbiddenDependencies, !forbidden.isEmpty {
            parts.append("\(target) does not depend on \(forbidden.joined(separator: ", ")), directly or indirectly")
        }
        return "Package.swift: " + (parts.isEmpty ? "declares \(target)" : parts.joined(separator: "; "))
    }
}
