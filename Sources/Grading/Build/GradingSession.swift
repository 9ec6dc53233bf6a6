import DIKataCore
import Foundation

/// One grade in progress: gathers evidence for every check of the kata.
struct GradingSession {
    let kata: Kata
    let folder: BuildFolder
    let environment: GradingEnvironment
    let runner: any ProcessRunning
    let progress: @Sendable (GradingStage) -> Void
    let now: @Sendable () -> Date

    var evidence: [String: CheckEvidence] = [:]
    var problems: [String] = []
    var notes: [String] = []

    init(
        kata: Kata, folder: BuildFolder, environment: GradingEnvironment, runner: any ProcessRunning,
        progress: @escaping @Sendable (GradingStage) -> Void, now: @escaping @Sendable () -> Date
    ) {
        self.kata = kata
        self.folder = folder
        self.environment = environment
        self.runner = runner
        self.progress = progress
        self.now = now
    }

    private var checks: [CheckSpec] { kata.manifest.checks }

    /// One parse per learner file content, shared by lints, imports and the safety check.
    var parsedSources: ParsedSources { ParsedSources(folder: folder) }

    /// The targets the kata's `surface` checks judge.
    private var surfaceTargets: Set<String> {
        Set(
            checks.flatMap { check -> [String] in
                if case .surface(_, let targets) = check.kind { targets } else { [] }
            })
    }

    var compiler: SwiftCompiler {
        SwiftCompiler(
            environment: environment, runner: runner, buildDirectory: folder.root,
            hiddenPaths: [kata.directory.path], timeout: Double(kata.manifest.limits.buildSeconds))
    }

    // MARK: - Pipeline

    mutating func run(snapshot: PackageSnapshot) async {
        notes += snapshot.notes
        guard snapshot.problems.isEmpty else {
            problems += snapshot.problems
            markRemaining(.notRun("Not graded: fix the package problem reported above first."))
            return
        }
        copyHiddenSources()
        noteNameClashes(snapshot)

        guard let package = await readManifest(snapshot) else {
            markRemaining(.notRun("Not graded: Package.swift must be readable first."))
            return
        }
        let locator = SourceLocator(
            snapshotRoot: snapshot.root.standardizedFileURL.path + "/", files: Array(snapshot.files.keys),
            targetPaths: Dictionary(package.targets.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
        )

        evaluateManifestChecks(package)
        // Lints parse what changed while the import scan waits for the compiler.
        async let lints = Self.lintEvidence(checks: checks, snapshot: snapshot, package: package, parsed: parsedSources)
        // The flags `swift build` would use, worked out once: the import scan, the package
        // rules and the build all need them.
        let compilerFlags = compilerFlags(for: package)
        let flags = (try? compilerFlags.get()) ?? [:]
        var packageProblems = validate(package)
        if case .failure(let problem) = compilerFlags { packageProblems.append(problem.description) }
        await evaluateImportChecks(package, snapshot: snapshot, flags: flags)
        evidence.merge(await lints) { _, new in new }
        guard packageProblems.isEmpty else {
            problems += packageProblems
            markRemaining(.notRun("Not graded: fix the package problem reported above first."))
            return
        }

        let order: [LearnerPackage.Target]
        do {
            order = try package.buildOrder()
        } catch {
            problems.append(error.description)
            markRemaining(.notRun("Not graded: fix the package problem reported above first."))
            return
        }
        let readOnly = Set(kata.manifest.targets.filter { !$0.editable }.map(\.name))
        let safety = CodeSafety(compiler: compiler, folder: folder, allowed: kata.manifest.allowedAPIs)
        async let parsed = safety.parseSources(snapshot, readOnly: readOnly)
        let build = await LearnerBuild(
            folder: folder, compiler: compiler, locator: locator, readOnly: readOnly, flags: flags,
            surfaceTargets: surfaceTargets, progress: progress
        ).build(order, snapshot: snapshot)
        notes += build.notes
        guard build.failures.isEmpty else {
            let first = build.failures[0]
            let message = "Your code does not compile yet (\(first.target)): \(first.message)"
            markRemaining(
                .compileError(message, first.location),
                advice: "Make your code compile first (see the error above); this check runs once it does.")
            for failure in build.failures.dropFirst() {
                notes.append("\(failure.target) does not compile either: \(failure.message)")
            }
            return
        }

        // Nothing of the learner's runs before this says it is safe to; it reads what the
        // compiler produced, alongside the hidden checks' compile.
        let uses = await parsed
        async let verdictOnCode = safety.check(build.built, snapshot: snapshot, parsed: uses)

        progress(.buildingChecks)
        let hidden = HiddenBuild(session: self, locator: locator)
        let outcome = await hidden.build(modules: build.built.map(\.name), interfaceHash: build.interfaceHash)
        switch await verdictOnCode {
        case .clean:
            break
        case .refused(let refusals):
            problems += refusals.map(\.message)
            markRemaining(
                .notRun("Not run: your code uses something katas never allow (see above), so none of it was run."),
                advice: "Remove what was refused; every check runs once nothing is.")
            return
        case .unreadable(let message):
            problems.append(message)
            markRemaining(.notRun("Not run: dikata could not check your compiled code first."))
            return
        }
        await evaluateSurfaceChecks(build.built, locator: locator)
        evidence.merge(outcome.evidence) { _, new in new }
        if let failure = outcome.failureMessage {
            markRemaining(.compileError(failure, nil))
            return
        }
        guard let binary = outcome.runner else { return }

        progress(.runningChecks)
        let behaviour = checks.compactMap { check -> (CheckSpec, String)? in
            if case .behaviour(let test) = check.kind, evidence[check.id] == nil { return (check, test) }
            return nil
        }
        let checkRunner = CheckRunner(
            environment: environment, runner: runner, buildDirectory: folder.root,
            hiddenPaths: [kata.directory.path], limits: kata.manifest.limits, now: now)
        let report = await checkRunner.run(binary: binary, locate: { locator.locate($0) })
        var log = TestEventLog()
        for (id, name) in report.names { log.recordTest(id: id, name: name) }
        for (check, test) in behaviour {
            guard let id = log.testID(named: test) else {
                evidence[check.id] = CheckEvidence(
                    .notRun("The kata's hidden test `\(test)` was not found or did not run."))
                continue
            }
            guard let result = report.results[id] else {
                evidence[check.id] = CheckEvidence(.notRun("Not run: an earlier check stopped the run."))
                continue
            }
            evidence[check.id] = CheckEvidence(result.outcome, output: result.output, duration: result.duration)
        }
    }

    // MARK: - Steps

    /// Judges each `surface` check over what its targets declare (symbol graphs) and use
    /// (object symbols, already read and cached by the safety check).
    private mutating func evaluateSurfaceChecks(_ built: [LearnerBuild.Built], locator: SourceLocator) async {
        let surfaceChecks = checks.compactMap { check -> (CheckSpec, SurfaceRule, [String])? in
            if case .surface(let rule, let targets) = check.kind { return (check, rule, targets) }
            return nil
        }
        guard !surfaceChecks.isEmpty else { return }
        let names = Set(surfaceChecks.flatMap(\.2)).filter { name in built.contains { $0.name == name } }.sorted()
        let reader = SymbolReader(compiler: compiler, folder: folder)
        // Fail closed: without the compiled symbols a task-local could hide from the rule.
        guard case .success(let objects) = await reader.read(names.map(folder.object)) else {
            for (check, _, _) in surfaceChecks {
                evidence[check.id] = CheckEvidence(.notRun("Not judged: dikata could not read your compiled code."))
            }
            return
        }
        let surfaceReader = SurfaceReader(folder: folder, locator: locator)
        var surfaces: [String: APISurface] = [:]
        for name in names {
            let symbols = objects[folder.object(name)]?.symbols.compactMap(\.demangled) ?? []
            surfaces[name] = surfaceReader.surface(of: name, objectSymbols: symbols)
        }
        for (check, rule, targets) in surfaceChecks {
            let missing = targets.filter { surfaces[$0] == nil }
            guard missing.isEmpty else {
                evidence[check.id] = CheckEvidence(
                    .notRun("Not judged: dikata could not read what \(missing.joined(separator: ", ")) declares."))
                continue
            }
            let findings = rule.findings(in: targets.compactMap { surfaces[$0] })
            if findings.isEmpty {
                evidence[check.id] = CheckEvidence(.passed)
            } else {
                let shown = findings.prefix(5).map(\.message)
                let more = findings.count > 5 ? ["(and \(findings.count - 5) more)"] : []
                evidence[check.id] = CheckEvidence(
                    .failed((shown + more).joined(separator: "\n"), findings.first?.location))
            }
        }
    }

    private func copyHiddenSources() {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: folder.hiddenSources)
        try? fileManager.copyItem(at: kata.hidden, to: folder.hiddenSources)
    }

    private mutating func readManifest(_ snapshot: PackageSnapshot) async -> LearnerPackage? {
        let manifestText = snapshot.files["Package.swift"] ?? ""
        let cached = folder.manifests.appendingPathComponent(ContentHash.of(manifestText + environment.swift) + ".json")
        if let data = FileManager.default.contents(atPath: cached.path),
            let package = try? LearnerPackage.fromDumpPackageJSON(data)
        {
            return package
        }
        let result = await compiler.dumpPackage(at: snapshot.root)
        guard result.termination.succeeded else {
            let detail: String
            if result.termination == .timedOut {
                detail = "reading it took too long; Package.swift must only declare the package, not do work"
            } else {
                let errors = CompilerDiagnostic.errors(in: result.stderr.text).prefix(3).map {
                    "line \($0.line): \($0.message)"
                }
                detail = errors.isEmpty ? Self.firstLines(result.combinedOutput, 4) : errors.joined(separator: "; ")
            }
            problems.append(PackageProblem.unreadableManifest(detail).description)
            return nil
        }
        let data = Data(result.stdout.text.utf8)
        do {
            let package = try LearnerPackage.fromDumpPackageJSON(data)
            try? data.write(to: cached, options: .atomic)
            return package
        } catch {
            problems.append(error.description)
            return nil
        }
    }

    private mutating func validate(_ package: LearnerPackage) -> [String] {
        var found: [String] = []
        for rule in kata.manifest.targets where package.target(named: rule.name) == nil {
            found.append(PackageProblem.missingTarget(rule.name).description)
        }
        if package.targets.contains(where: { $0.name == SwiftCompiler.hiddenModuleName }) {
            found.append(
                "Your package declares a target named \(SwiftCompiler.hiddenModuleName), which is reserved for the kata's hidden checks. Rename it."
            )
        }
        if !package.packageDependencies.isEmpty {
            found.append(PackageProblem.packageDependencies(package.packageDependencies).description)
        }
        for target in package.targets where target.type == .test {
            notes.append("Your test target \(target.name) is not part of grading (run it yourself with `swift test`).")
        }
        return found
    }

    /// The flags `swift build` would give each target's Swift files. The kata's read-only
    /// targets are compiled as the kata declares them, whatever the learner's manifest says.
    func compilerFlags(for package: LearnerPackage) -> Result<[String: [String]], PackageProblem> {
        let readOnly = Set(kata.manifest.targets.filter { !$0.editable }.map(\.name))
        var flags: [String: [String]] = [:]
        for target in package.targets where target.type == .regular || target.type == .executable {
            if readOnly.contains(target.name) {
                flags[target.name] = SwiftBuildFlags.plain.all
                continue
            }
            switch SwiftBuildFlags.of(target, in: package, platform: Self.platform) {
            case .success(let found): flags[target.name] = found.all
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(flags)
    }

    /// The platform name `.when(platforms:)` conditions are matched against.
    static var platform: String {
        #if os(Linux)
            "linux"
        #elseif os(macOS)
            "macos"
        #else
            "unknown"
        #endif
    }

    private mutating func noteNameClashes(_ snapshot: PackageSnapshot) {
        let hiddenFiles =
            FileManager.default.enumerator(atPath: folder.hiddenSources.path)?.allObjects as? [String] ?? []
        let hiddenNames = Set(
            hiddenFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.filter { $0.hasSuffix(".swift") })
        for path in snapshot.files.keys.sorted()
        where hiddenNames.contains(URL(fileURLWithPath: path).lastPathComponent) {
            notes.append(
                "\(path) has the same name as one of the kata's hidden check files. It is graded as your code, never as a check; rename it if you meant something else."
            )
        }
    }

    private mutating func evaluateManifestChecks(_ package: LearnerPackage) {
        let rules = DependencyRules()
        for check in checks {
            guard case .manifest(let target) = check.kind, let rule = kata.manifest.target(named: target) else {
                continue
            }
            evidence[check.id] = CheckEvidence(rules.evaluate(rule, in: package))
        }
    }

    /// Lints read the files each target really compiles: a kata's `Sources/Login/` means the
    /// Login target's sources wherever its `path:` puts them, and excluded files are not code.
    private static func lintEvidence(
        checks: [CheckSpec], snapshot: PackageSnapshot, package: LearnerPackage, parsed parsedSources: ParsedSources
    ) async -> [String: CheckEvidence] {
        let lintChecks = checks.compactMap { check -> (CheckSpec, String, [String], Bool)? in
            if case .lint(let pattern, let paths, let mustMatch) = check.kind {
                return (check, pattern, paths, mustMatch)
            }
            return nil
        }
        guard !lintChecks.isEmpty else { return [:] }
        var evidence: [String: CheckEvidence] = [:]
        let compiled = package.targets.filter { $0.type != .test }
        let sources = snapshot.files.filter { file in compiled.contains { $0.owns(file.key) } }
            .map { SourceFile(path: $0.key, text: $0.value, code: parsedSources.code($0.key, text: $0.value)) }
        let lint = LintRules()
        for (check, pattern, paths, mustMatch) in lintChecks {
            let resolved = paths.map { Self.resolve($0, in: package) }
            evidence[check.id] = CheckEvidence(
                lint.evaluate(pattern: pattern, paths: resolved, mustMatch: mustMatch, files: sources))
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

    private mutating func evaluateImportChecks(
        _ package: LearnerPackage, snapshot: PackageSnapshot, flags: [String: [String]]
    ) async {
        let importChecks = checks.compactMap { check -> (CheckSpec, [String])? in
            if case .imports(let targets) = check.kind { return (check, targets) }
            return nil
        }
        guard !importChecks.isEmpty else { return }
        let scanner = ImportScanner(
            compiler: compiler, cacheFile: folder.importCache, parallelism: environment.parallelism,
            parsed: parsedSources)
        // Every target the learner writes, listed in kata.yaml or not.
        let readOnly = Set(kata.manifest.targets.filter { !$0.editable }.map(\.name))
        let editable = package.targets.filter { !readOnly.contains($0.name) && $0.type != .test }.map(\.name)
        let files = await scanner.scan(package: package, snapshot: snapshot, flags: flags)
        for (check, targets) in importChecks {
            evidence[check.id] = CheckEvidence(
                ImportRules().evaluate(
                    files, targets: targets.isEmpty ? editable : targets, package: package,
                    systemModules: kata.manifest.systemModules))
        }
    }

    /// Gives every check without evidence yet the same outcome.
    mutating func markRemaining(_ outcome: CheckOutcome, advice: String? = nil) {
        for check in checks where evidence[check.id] == nil {
            evidence[check.id] = CheckEvidence(outcome, advice: advice)
        }
    }

    static func firstLines(_ text: String, _ count: Int) -> String {
        text.split(separator: "\n").prefix(count).joined(separator: " ")
    }
}
