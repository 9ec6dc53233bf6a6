import DIKataCore

/// `kind: lint`: a regular expression that must not (or must) occur in the learner's sources.
///
/// Lints read the files each target really compiles: a kata's `Sources/Login/` means the
/// Login target's sources wherever its `path:` puts them, and excluded files are not code.
struct LintEvaluator: CheckEvaluator {
    struct Rule: Sendable {
        var pattern: String
        var paths: [String]
        var mustMatch: Bool
    }

    var checks: [(check: CheckSpec, rule: Rule)]
    /// The code view of each file (comments and strings blanked), parsed once per content.
    var parsed: ParsedSources

    init(checks: [CheckSpec], parsed: ParsedSources) {
        self.checks = Self.select(checks)
        self.parsed = parsed
    }

    static func rule(of kind: CheckKind) -> Rule? {
        if case .lint(let pattern, let paths, let mustMatch) = kind {
            Rule(pattern: pattern, paths: paths, mustMatch: mustMatch)
        } else {
            nil
        }
    }

    func evaluate(snapshot: PackageSnapshot, package: LearnerPackage) -> [String: CheckEvidence] {
        guard !checks.isEmpty else { return [:] }
        let compiled = package.targets.filter { $0.type != .test }
        let sources = snapshot.files.filter { file in compiled.contains { $0.owns(file.key) } }
            .map { SourceFile(path: $0.key, text: $0.value, code: parsed.code($0.key, text: $0.value)) }
        let lint = LintRules()
        var evidence: [String: CheckEvidence] = [:]
        for (check, rule) in checks {
            let resolved = rule.paths.map { Self.resolve($0, in: package) }
            evidence[check.id] = CheckEvidence(
                lint.evaluate(pattern: rule.pattern, paths: resolved, mustMatch: rule.mustMatch, files: sources))
        }
        return evidence
    }

    /// `Sources/Login/View.swift` → `<Login's folder>/View.swift` when the package declares a
    /// target Login (in its default folder or not); other paths stay as they are.
    static func resolve(_ path: String, in package: LearnerPackage) -> String {
        let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "Sources", let target = package.target(named: String(parts[1])) else {
            return path
        }
        let folder = LearnerBuild.normalized(target.path)
        return parts.count == 3 ? folder + "/" + parts[2] : folder
    }

    static func testCode(_ rule: Rule, check: CheckSpec, in kata: Kata) -> String? {
        let place = rule.paths.isEmpty ? "the sources" : rule.paths.joined(separator: ", ")
        return "/\(rule.pattern)/ \(rule.mustMatch ? "must occur" : "must not occur") in \(place)"
    }
}
