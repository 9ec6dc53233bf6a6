import DIKataCore
import Foundation

/// One grade in progress: runs the steps of the pipeline in order, handing each the values it
/// uses, and gathers the evidence each kind's evaluator finds for the kata's checks.
struct GradingSession {
    let kata: Kata
    let folder: BuildFolder
    let environment: GradingEnvironment
    let runner: any ProcessRunning
    let progress: @Sendable (GradingStage) -> Void
    let now: @Sendable () -> Date
    /// Waits (a compile's module, looked for while the compile runs: ``SwiftCompiler/pause``).
    let pause: @Sendable (Duration) async -> Void
    /// Compilation conditions added to every learner target (`-D`): a `build-variant` check's
    /// second grade of the same package.
    var defines: [String] = []

    var evidence: [String: CheckEvidence] = [:]
    var problems: [String] = []
    var notes: [String] = []
    /// The driver plans this grade makes ahead of their compiles, one record for all its steps.
    private let plansUnderway = PlansUnderway()
    /// The sandbox the toolchain's jobs of this grade share, while the pipeline runs.
    private var host: SandboxHost?

    init(
        kata: Kata, folder: BuildFolder, environment: GradingEnvironment, runner: any ProcessRunning,
        progress: @escaping @Sendable (GradingStage) -> Void, now: @escaping @Sendable () -> Date,
        pause: @escaping @Sendable (Duration) async -> Void
    ) {
        self.kata = kata
        self.folder = folder
        self.environment = environment
        self.runner = runner
        self.progress = progress
        self.now = now
        self.pause = pause
    }

    private var checks: [CheckSpec] { kata.manifest.checks }
    private var rules: PackageRules { PackageRules(targets: kata.manifest.targets) }

    /// One parse per learner file content, shared by lints, imports and the safety check.
    private var parsedSources: ParsedSources { ParsedSources(folder: folder) }

    private var compiler: SwiftCompiler {
        SwiftCompiler(
            environment: environment, runner: runner, buildDirectory: folder.root,
            hiddenPaths: [kata.directory.path], timeout: Double(kata.manifest.limits.buildSeconds),
            plansUnderway: plansUnderway, host: host, pause: pause)
    }

    private var manifestReader: ManifestReader {
        ManifestReader(
            compiler: compiler, toolchain: environment.swift, folder: folder, cacheRoot: environment.cacheRoot,
            known: { [file = KnownManifests.file(of: kata)] text in KnownManifests.reading(of: text, in: file) })
    }

    private var symbols: SymbolReader {
        SymbolReader(
            compiler: compiler, parallelism: environment.parallelism, folder: folder,
            sharedCache: environment.cacheRoot)
    }

    /// Only the pipeline's first step: reads (and caches) the package's manifest, compiling
    /// nothing. The graph screen uses it before any grade.
    func readManifest(_ snapshot: PackageSnapshot) async {
        _ = await manifestReader.read(snapshot)
    }

    // MARK: - Pipeline

    mutating func run(snapshot: PackageSnapshot) async {
        notes += snapshot.notes
        guard snapshot.problems.isEmpty else {
            problems += snapshot.problems
            markRemaining(.notRun("Not graded: fix the package problem reported above first."))
            return
        }
        // Set up while the hidden sources are copied; the first compile's job waits in its input.
        host = compiler.startHost(now: now)
        copyHiddenSources()
        noteNameClashes(snapshot)
        // The check runner's entry point needs nothing of the learner's, so it compiles while
        // Package.swift is read: on an empty module cache it builds the Testing module. It is
        // never cancelled, even when grading stops early: a compiler stopped while it writes the
        // module cache would leave it to the next grade to wait out.
        let hidden = HiddenBuild(
            folder: folder, compiler: compiler, checks: checks, parallelism: environment.parallelism)
        let slots = AsyncSlots(environment.parallelism)
        // The hidden files' imports (and their tests) are parsed meanwhile too, on a thread of
        // their own (long synchronous work, as the reading of the learner's sources below);
        // cached for each version of the kata's files, so a later grade finds them at once.
        let imports = Task(executorPreference: SerialTaskExecutor(label: "dikata.hidden-imports")) {
            hidden.importsOfHiddenFiles()
        }
        let entryPoint = Task {
            await hidden.compileEntryPoint(slots: slots, entries: hidden.testEntries(await imports.value))
        }
        await run(
            snapshot: snapshot, hidden: hidden, slots: slots, entryPoint: { await entryPoint.value },
            hiddenImports: { await imports.value })
        _ = await entryPoint.value
        _ = await imports.value
        await host?.finish()
        host = nil
    }

    /// The pipeline after the hidden sources are in place.
    private mutating func run(
        snapshot: PackageSnapshot, hidden: HiddenBuild, slots: AsyncSlots,
        entryPoint: @Sendable () async -> HiddenBuild.Early?,
        hiddenImports: @escaping @Sendable () async -> [String: HiddenBuild.Imports]
    ) async {

        let package: LearnerPackage
        switch await manifestReader.read(snapshot) {
        case .package(let read): package = read
        case .problem(let problem):
            problems.append(problem)
            markRemaining(.notRun("Not graded: Package.swift must be readable first."))
            return
        }
        let locator = SourceLocator(
            snapshotRoot: snapshot.root.standardizedFileURL.path + "/", files: Array(snapshot.files.keys),
            targetPaths: Dictionary(package.targets.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
        )
        // The check run's sandbox is set up now, while the code compiles (as root that includes
        // joining a cgroup, about 15 ms, and after a body edit the link that follows the compile
        // takes about 10): the gate lets the runner run only once it is linked and the safety
        // check says it may, and ends the sandbox unrun otherwise. `build` decides it on every path.
        let gate = ProcessGate()
        let checkRunner = hidden.hasBehaviour ? checkRunner : nil
        let binary = folder.runner
        async let report = checkRunner?.run(binary: binary, gate: gate) { locator.locate($0) }
        guard
            await build(
                snapshot: snapshot, package: package, locator: locator, hidden: hidden, slots: slots,
                entryPoint: entryPoint, hiddenImports: hiddenImports, gate: gate)
        else { return }
        if gate.isOpen {
            progress(.runningChecks)
            let decided = Set(evidence.keys)
            if let report = await report {
                evidence.merge(hidden.behaviour.evaluate(report, decided: decided)) { _, new in new }
            }
        }
        await judgeBuildVariants(snapshot: snapshot)
    }

    /// Builds the learner's code and the hidden checks and judges what needs no run; opens
    /// `gate` when the checks may run, else closes it. Whether grading goes on (the build
    /// variants are judged next).
    private mutating func build(
        snapshot: PackageSnapshot, package: LearnerPackage, locator: SourceLocator, hidden: HiddenBuild,
        slots: AsyncSlots, entryPoint: @Sendable () async -> HiddenBuild.Early?,
        hiddenImports: @escaping @Sendable () async -> [String: HiddenBuild.Imports], gate: ProcessGate
    ) async -> Bool {
        // Closed on every way out that did not open it, so the waiting sandbox ends.
        defer { gate.close() }
        let (flags, buildOrder) = checkPackage(package)
        let safety = CodeSafety(
            symbols: symbols, folder: folder, allowed: kata.manifest.allowedAPIs,
            graderBuild: environment.graderBuild)
        // What reads the sources (the imports and lint checks, then the safety check's parse,
        // which reuses their parse of each file) runs while the compiler does: nothing in it
        // changes what is compiled, and its evidence is in before a compile error is reported.
        // Its parsing is long synchronous work, so it runs on a thread of its own: on the
        // cooperative pool it kept the compiles of the learner's targets from starting (25 ms).
        let reading = SerialTaskExecutor(label: "dikata.read-sources")
        async let sources = withTaskExecutorPreference(reading) {
            await readSources(package, snapshot: snapshot, flags: flags, safety: safety)
        }
        guard let order = buildOrder else {
            evidence.merge(await sources.evidence) { _, new in new }
            markRemaining(.notRun("Not graded: fix the package problem reported above first."))
            return false
        }

        let learner = LearnerBuild(
            folder: folder, compiler: compiler, locator: locator, readOnly: rules.readOnly, flags: flags,
            surfaceTargets: SurfaceEvaluator.targets(judgedBy: checks), toolchain: environment.swiftc,
            parallelism: environment.parallelism, progress: progress)
        var planned = learner.plan(order)
        // The hidden checks compile alongside the learner's targets: each group of them as soon
        // as the modules it imports are built. Nothing of the learner's runs in a compile. The
        // groups need the hidden files' imports, parsed on a grade with an empty cache while the
        // learner's first targets already compile (their plans and KataSupport's compile, which
        // builds Foundation's C modules, waited 40 ms for that parse).
        let grouped = Task { [planned] in hidden.groups(for: planned, imports: await hiddenImports()) }
        if environment.parallelism > 1 {
            planned.groups = { await grouped.value }
        }
        let plan = planned
        let board = OutcomeBoard<LearnerBuild.Outcome>()
        let modules = OutcomeBoard<Bool>()
        let started = OutcomeBoard<Bool>()
        // Plans made ahead take a slot only once the targets that see no other hold theirs.
        let rootsFirst: @Sendable () async -> Void = { await plan.waitForRoots(modules: modules, started: started) }
        // The runner's link is planned now too, for a package whose targets all build.
        let linkPlanned = Task {
            let groups = await grouped.value
            await rootsFirst()
            await hidden.planLinkAhead(modules: plan.targets.map(\.name), groups: groups, slots: slots)
        }
        // A group needs only the modules it imports: it may start while their objects compile.
        // If one of those then fails, the grade stops at the compile error and the group's
        // object is never linked.
        async let early = { () async -> [String: HiddenBuild.Early] in
            let groups = await grouped.value
            return await hidden.compileEarly(
                groups,
                built: { name in
                    guard let position = plan.index[name] else { return false }
                    return await modules.outcome(at: position)
                },
                learnerFirst: { [neededByChecks = Set(groups.groups.flatMap(\.needs))] in
                    await plan.waitForReadyTargets(among: neededByChecks, modules: modules, started: started)
                },
                underway: { needs in await plan.underway(needs, modules: modules, started: started) },
                planningAfter: rootsFirst, slots: slots)
        }()
        let build = await learner.build(
            plan, snapshot: snapshot, board: board, modules: modules, started: started, slots: slots)
        let groups = await grouped.value
        await linkPlanned.value
        let (sourceEvidence, uses) = await sources
        evidence.merge(sourceEvidence) { _, new in new }
        notes += build.notes
        if let first = build.failures.first {
            let message = "Your code does not compile yet (\(first.target)): \(first.message)"
            markRemaining(
                .compileError(message, first.location),
                advice: "Make your code compile first (see the error above); this check runs once it does.")
            for failure in build.failures.dropFirst() {
                notes.append("\(failure.target) does not compile either: \(failure.message)")
            }
            return false
        }
        // Nothing of the learner's runs before this says it is safe to; it reads what the
        // compiler produced, alongside the hidden checks' compile.
        async let verdictOnCode = safety.check(build.built, snapshot: snapshot, parsed: uses)
        progress(.buildingChecks)
        // What needs only the learner's targets starts now, while the checks compile: the library
        // of their objects (``SplitLink``) and the negative probes, which read their interfaces.
        // Both are awaited below on every way out, so nothing outlives the grade's lock; a
        // cancelled grade lets them finish (a link, a few type-checks) rather than stop them.
        let built = build.built.map(\.name)
        let interfaceHash = build.interfaceHash
        hidden.linkModules(built)
        let library = Task { await hidden.linkLibrary(modules: built, groups: groups) }
        let negatives = Task { await hidden.negativeProbes(interfaceHash: interfaceHash) }
        let outcome = await hidden.build(
            modules: built, interfaceHash: interfaceHash, groups: groups, early: await early,
            entryPoint: await entryPoint(), library: { await library.value }, negatives: { await negatives.value })
        _ = await library.value
        _ = await negatives.value
        guard isSafe(await verdictOnCode) else { return false }
        // The checks run while the surface checks are judged, when the runner was linked.
        if outcome.failureMessage == nil && outcome.runner != nil { gate.open() }
        await judgeSurface(build.built, outcome: outcome, locator: locator)
        return true
    }

    private var checkRunner: CheckRunner {
        CheckRunner(
            environment: environment, runner: runner, buildDirectory: folder.root,
            hiddenPaths: [kata.directory.path], limits: kata.manifest.limits, now: now)
    }

    /// Judges what reads the package alone (the manifest checks) and works out the flags and the
    /// build order; no order when a package problem (now in `problems`) stops grading.
    private mutating func checkPackage(_ package: LearnerPackage) -> (
        flags: [String: [String]], order: [LearnerPackage.Target]?
    ) {
        let manifestChecks = ManifestEvaluator(checks: checks, targets: kata.manifest.targets)
        evidence.merge(manifestChecks.evaluate(package)) { _, new in new }
        // The flags `swift build` would use, worked out once: the import scan, the package
        // rules and the build all need them.
        let compilerFlags = rules.compilerFlags(for: package)
        let flags = ((try? compilerFlags.get()) ?? [:]).mapValues { $0 + BuildVariantEvaluator.flags(defines) }
        var (packageProblems, packageNotes) = rules.check(package)
        notes += packageNotes
        if case .failure(let problem) = compilerFlags { packageProblems.append(problem.description) }
        guard packageProblems.isEmpty else {
            problems += packageProblems
            return (flags, nil)
        }
        do {
            return (flags, try package.buildOrder())
        } catch {
            problems.append(error.description)
            return (flags, nil)
        }
    }

    /// The evidence of the checks that read the sources (the imports checks, with the flags that
    /// decide `#if`s, and the lint checks), and the uses the safety check judges.
    private func readSources(
        _ package: LearnerPackage, snapshot: PackageSnapshot, flags: [String: [String]], safety: CodeSafety
    ) async -> (evidence: [String: CheckEvidence], uses: [String: [SourceUse]]) {
        // Lints parse what changed while the import scan waits for the compiler.
        let lint = LintEvaluator(checks: checks, parsed: parsedSources)
        async let lints = lint.evaluate(snapshot: snapshot, package: package)
        let scanner = ImportScanner(
            compiler: compiler, cache: .json(folder.root), parallelism: environment.parallelism, parsed: parsedSources)
        let imports = ImportsEvaluator(
            checks: checks, scanner: scanner, readOnly: rules.readOnly, systemModules: kata.manifest.systemModules)
        var evidence = await imports.evaluate(package: package, snapshot: snapshot, flags: flags)
        evidence.merge(await lints) { _, new in new }
        return (evidence, await safety.parseSources(snapshot, readOnly: rules.readOnly))
    }

    /// Whether the safety check lets the learner's code run; when not, every check left says why.
    private mutating func isSafe(_ verdict: CodeSafety.Outcome) -> Bool {
        switch verdict {
        case .clean:
            return true
        case .refused(let refusals):
            problems += refusals.map(\.message)
            markRemaining(
                .notRun("Not run: your code uses something katas never allow (see above), so none of it was run."),
                advice: "Remove what was refused; every check runs once nothing is.")
        case .unreadable(let message):
            problems.append(message)
            markRemaining(.notRun("Not run: dikata could not check your compiled code first."))
        }
        return false
    }

    /// The surface checks and what the hidden build found.
    private mutating func judgeSurface(
        _ built: [LearnerBuild.Built], outcome: HiddenBuild.Outcome, locator: SourceLocator
    ) async {
        let surface = SurfaceEvaluator(
            checks: checks, symbols: symbols, surfaces: SurfaceReader(folder: folder, locator: locator), folder: folder)
        evidence.merge(await surface.evaluate(built: built)) { _, new in new }
        evidence.merge(outcome.evidence) { _, new in new }
        if let failure = outcome.failureMessage { markRemaining(.compileError(failure, nil)) }
    }

    // MARK: - Steps

    /// Copies the kata's hidden files into the build folder, unless the copy there already holds
    /// exactly them (the same names and contents, read and compared on every grade, so the copy
    /// is never trusted): removing and copying them again took 2.5 ms of every grade.
    private func copyHiddenSources() {
        let expect = "support/\(HiddenBuild.expectFileName)"
        var wanted = KataFiles.folder(kata.hidden).contents()
        wanted[expect] = Data(HiddenBuild.expectSupport.utf8)
        if KataFiles.folder(folder.hiddenSources).contents() == wanted { return }
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: folder.hiddenSources)
        try? fileManager.copyItem(at: kata.hidden, to: folder.hiddenSources)
        let support = folder.hiddenSources.appendingPathComponent("support", isDirectory: true)
        try? fileManager.createDirectory(at: support, withIntermediateDirectories: true)
        folder.write(HiddenBuild.expectSupport, to: folder.hiddenSources.appendingPathComponent(expect))
    }

    private mutating func noteNameClashes(_ snapshot: PackageSnapshot) {
        let hiddenNames = Set(
            FolderWalk(folder.hiddenSources).files().map { URL(fileURLWithPath: $0).lastPathComponent }
                .filter { $0.hasSuffix(".swift") })
        for path in snapshot.files.keys.sorted()
        where hiddenNames.contains(URL(fileURLWithPath: path).lastPathComponent) {
            notes.append(
                "\(path) has the same name as one of the kata's hidden check files. It is graded as your code, never as a check; rename it if you meant something else."
            )
        }
    }

    /// Gives every check without evidence yet the same outcome.
    mutating func markRemaining(_ outcome: CheckOutcome, advice: String? = nil) {
        for check in checks where evidence[check.id] == nil {
            evidence[check.id] = CheckEvidence(outcome, advice: advice)
        }
    }
}
