import DIKataCore

/// `kind: surface`: a design property of everything the listed targets declare (read from the
/// compiler's symbol graphs) and use (their object symbols, already read for the safety check).
struct SurfaceEvaluator: CheckEvaluator {
    struct Rule: Sendable {
        var rule: SurfaceRule
        var targets: [String]
    }

    var checks: [(check: CheckSpec, rule: Rule)]
    var symbols: SymbolReader
    var surfaces: SurfaceReader
    var folder: BuildFolder

    init(checks: [CheckSpec], symbols: SymbolReader, surfaces: SurfaceReader, folder: BuildFolder) {
        self.checks = Self.select(checks)
        self.symbols = symbols
        self.surfaces = surfaces
        self.folder = folder
    }

    static func rule(of kind: CheckKind) -> Rule? {
        if case .surface(let rule, let targets) = kind { Rule(rule: rule, targets: targets) } else { nil }
    }

    /// The targets some surface check of `checks` judges: only they need a symbol graph.
    static func targets(judgedBy checks: [CheckSpec]) -> Set<String> {
        Set(select(checks).flatMap(\.rule.targets))
    }

    func evaluate(built: [LearnerBuild.Built]) async -> [String: CheckEvidence] {
        guard !checks.isEmpty else { return [:] }
        var evidence: [String: CheckEvidence] = [:]
        let names = Set(checks.flatMap(\.rule.targets)).filter { name in built.contains { $0.name == name } }.sorted()
        // Fail closed: without the compiled symbols a task-local could hide from the rule.
        guard case .success(let objects) = await symbols.read(names.map(folder.object)) else {
            for (check, _) in checks {
                evidence[check.id] = CheckEvidence(.notRun("Not judged: dikata could not read your compiled code."))
            }
            return evidence
        }
        var read: [String: APISurface] = [:]
        for name in names {
            let used = objects[folder.object(name)]?.symbols.compactMap(\.demangled) ?? []
            read[name] = surfaces.surface(of: name, objectSymbols: used)
        }
        for (check, rule) in checks {
            let missing = rule.targets.filter { read[$0] == nil }
            guard missing.isEmpty else {
                evidence[check.id] = CheckEvidence(
                    .notRun("Not judged: dikata could not read what \(missing.joined(separator: ", ")) declares."))
                continue
            }
            let findings = rule.rule.findings(in: rule.targets.compactMap { read[$0] })
            if findings.isEmpty {
                evidence[check.id] = CheckEvidence(.passed)
            } else {
                let shown = findings.prefix(5).map(\.message)
                let more = findings.count > 5 ? ["(and \(findings.count - 5) more)"] : []
                evidence[check.id] = CheckEvidence(
                    .failed((shown + more).joined(separator: "\n"), findings.first?.location))
            }
        }
        return evidence
    }

    static func testCode(_ rule: Rule, check: CheckSpec, in kata: Kata) -> String? {
        "In \(rule.targets.joined(separator: ", ")): \(rule.rule.summary)"
    }
}
