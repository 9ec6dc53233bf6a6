import DIKataCore

/// `kind: imports`: every `import` in the listed targets (all the learner's targets when none
/// are listed) names a declared dependency.
struct ImportsEvaluator: CheckEvaluator {
    var checks: [(check: CheckSpec, rule: [String])]
    var scanner: ImportScanner
    /// The kata's read-only targets: the kata's code, not the learner's.
    var readOnly: Set<String>
    /// Modules any target may import (kata.yaml's `system_modules`).
    var systemModules: [String]

    init(checks: [CheckSpec], scanner: ImportScanner, readOnly: Set<String>, systemModules: [String]) {
        self.checks = Self.select(checks)
        self.scanner = scanner
        self.readOnly = readOnly
        self.systemModules = systemModules
    }

    static func rule(of kind: CheckKind) -> [String]? {
        if case .imports(let targets) = kind { targets } else { nil }
    }

    /// `flags` are each target's compiler flags: their `-D` defines decide `#if`s.
    func evaluate(
        package: LearnerPackage, snapshot: PackageSnapshot, flags: [String: [String]]
    ) async -> [String: CheckEvidence] {
        guard !checks.isEmpty else { return [:] }
        // Every target the learner writes, listed in kata.yaml or not.
        let editable = package.targets.filter { !readOnly.contains($0.name) && $0.type != .test }.map(\.name)
        let files = await scanner.scan(package: package, snapshot: snapshot, flags: flags)
        var evidence: [String: CheckEvidence] = [:]
        for (check, targets) in checks {
            evidence[check.id] = CheckEvidence(
                ImportRules().evaluate(
                    files, targets: targets.isEmpty ? editable : targets, package: package,
                    systemModules: systemModules))
        }
        return evidence
    }

    static func testCode(_ targets: [String], check: CheckSpec, in kata: Kata) -> String? {
        "Every import in \(targets.isEmpty ? "the editable targets" : targets.joined(separator: ", ")) names a declared dependency"
    }
}
