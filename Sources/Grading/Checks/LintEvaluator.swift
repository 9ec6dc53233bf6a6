import DIKataCore

/// `kind: lint`: a regular expression that must not (or must, or may at most `max_matches`
/// times) occur in the learner's sources.
///
/// Lints read the files each target really compiles: a kata's `Sources/Login/` means the
/// Login target's sources wherever its `path:` puts them, and excluded files are not code.
struct LintEvaluator: CheckEvaluator {
    struct Rule: Sendable {
        var pattern: String
        var paths: [String]
        var mustMatch: Bool
        /// At most this many lines may match (`max_matches`); nil for the plain forms.
        var maxMatches: Int? = nil
    }

    var checks: [(check: CheckSpec, rule: Rule)]
    /// The code view of each file (comments and strings blanked), parsed once per content.
    var parsed: ParsedSources

    init(checks: [CheckSpec], parsed: ParsedSources) {
        self.checks = Self.select(checks)
        self.parsed = parsed
    }

    static func rule(of kind: CheckKind) -> Rule? {
        switch kind {
        case .lint(let pattern, let paths, let mustMatch): Rule(pattern: pattern, paths: paths, mustMatch: mustMatch)
        case .lintCount(let pattern, let paths, let maxMatches):
            Rule(pattern: pattern, paths: paths, mustMatch: false, maxMatches: maxMatches)
        default: nil
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
            let outcome =
                if let maxMatches = rule.maxMatches {
                    lint.evaluate(pattern: rule.pattern, paths: resolved, maxMatches: maxMatches, files: sources)
                } else {
                    lint.evaluate(pattern: rule.pattern, paths: resolved, mustMatch: rule.mustMatch, files: sources)
                }
            evidence[check.id] = CheckEvidence(outcome)
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
        let mode =
            if let maxMatches = rule.maxMatches {
                "must occur at most \(maxMatches) time\(maxMatches == 1 ? "" : "s")"
            } else {
                rule.mustMatch ? "must occur" : "must not occur"
            }
        return "/\(rule.pattern)/ \(mode) in \(place)"
    }
}
