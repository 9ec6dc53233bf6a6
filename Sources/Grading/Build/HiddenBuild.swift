import DIKataCore
import Foundation
import SwiftParser

/// Builds the kata's hidden checks against the learner's modules. The Swift Testing tests and
/// contract probes are compiled as modules grouped by the learner modules they need
/// (`HiddenGroups`), each as soon as those are built; when a group fails, each of its probes
/// and test files is tried alone (so one missing API costs one check). The negative probes
/// must not compile. The check runner links the groups that compiled.
struct HiddenBuild {
    let folder: BuildFolder
    let compiler: SwiftCompiler
    let contracts: ContractEvaluator
    let probes: IsolatedProbeEvaluator
    let behaviour: BehaviourEvaluator
    /// How many compiler processes may run at once.
    let parallelism: Int

    /// The hidden checks of `checks`, built in `folder` (which holds their copied sources).
    init(folder: BuildFolder, compiler: SwiftCompiler, checks: [CheckSpec], parallelism: Int) {
        self.folder = folder
        self.compiler = compiler
        self.parallelism = parallelism
        contracts = ContractEvaluator(
            checks: checks, compiler: compiler, parallelism: parallelism, hiddenSources: folder.hiddenSources)
        probes = IsolatedProbeEvaluator(
            checks: checks, compiler: compiler, parallelism: parallelism, hiddenSources: folder.hiddenSources,
            cache: .json(folder.root))
        behaviour = BehaviourEvaluator(checks: checks)
    }

    struct Outcome {
        var evidence: [String: CheckEvidence] = [:]
        /// The linked check runner, when there are behaviour checks and it could be built.
        var runner: URL?
        /// Why the runner could not be built, when it could not.
        var failureMessage: String?
    }

    /// How a group's compile went before the whole learner build was known.
    enum Early: Sendable, Equatable {
        case compiled
        /// It did not compile. `missingModule`: a module it was not shown was missing, so it is
        /// compiled again seeing every module.
        case failed(missingModule: Bool)
        /// A module it needs did not build, so it was not compiled.
        case notCompiled
    }

    static let entryPoint = """
        import Testing

        @main struct HiddenChecksMain {
            static func main() async { await Testing.__swiftPMEntryPoint() as Never }
        }
        """

    /// The file every module of hidden checks (and every contract probe) is compiled with, laid
    /// in the copied `support/` folder as `expectFileName`. `Expect.that(condition, message)`
    /// records what `#expect(condition, message)` would, and type-checks in about a millisecond
    /// where each `#expect` costs 10–20 ms (the macro's expansion is solved as one expression):
    /// kata 06's checks compile in 0.49 s instead of 0.80 s. `Expect.require` is `#require`'s
    /// counterpart (the test stops there), and `Expect.fail(message)` is `Issue.record`'s.
    /// `Expect` is declared in the checks' own module, so a learner's type of the same name is
    /// shadowed, and a learner's module can add no overload to it.
    ///
    /// None of them uses a macro, not even for the caller's place (`#_sourceLocation` is one):
    /// the first macro a compile expands loads swift-testing's macro plugin, 16 ms of a group's
    /// 75 ms (kata 00). The caller's place comes from the literals `#fileID`, `#filePath`,
    /// `#line` and `#column`, which the caller fills in just as it fills in the macro.
    static let expectSupport = """
        import Testing

        /// Supplied by dikata to every module of hidden checks (see Katas/README.md).
        enum Expect {
            /// Records an issue at the caller's line, with `message`, when `condition` is false.
            static func that(
                _ condition: Bool, _ message: @autoclosure () -> String,
                fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
            ) {
                guard !condition else { return }
                fail(message(), fileID: fileID, filePath: filePath, line: line, column: column)
            }

            /// Records an issue at the caller's line, with `message`.
            static func fail(
                _ message: String,
                fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
            ) {
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            }

            /// As `that`, and when `condition` is false the test stops here, as at a failed
            /// `#require`: the error it throws is swift-testing's own for a failed requirement,
            /// which it does not report a second time.
            static func require(
                _ condition: Bool, _ message: @autoclosure () -> String,
                fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
            ) throws {
                guard !condition else { return }
                try Testing.__checkValue(
                    false, expression: .__fromSyntaxNode(""), comments: [Comment(rawValue: message())],
                    isRequired: true,
                    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
                ).get()
            }
        }

        """

    /// The name `expectSupport` is laid under in `support/`; a kata may not use it itself.
    static let expectFileName = "DIKataExpect.swift"

    /// Whether the kata has checks the check runner runs.
    var hasBehaviour: Bool { !behaviour.checks.isEmpty }
    private var entryName: String { SwiftCompiler.hiddenModuleName }

    /// The kata's hidden files grouped for a package whose targets `plan` lists; `imports` is
    /// what ``importsOfHiddenFiles()`` found.
    func groups(for plan: LearnerBuild.Plan, imports: [String: Imports]) -> HiddenGroups {
        let checked = files(in: "tests") + contracts.probeFiles
        let support = files(in: "support")
        let supportImports = support.map { imports[$0]?.modules }
        var groups = HiddenGroups(
            files: checked.map { .init(path: $0, imports: imports[$0]?.modules) },
            supportImports: supportImports.contains { $0 == nil } ? nil : supportImports.flatMap { $0 ?? [] },
            everything: plan.targets.map(\.name), needs: plan.needs(importing:))
        groups.entries = testEntries(imports)
        return groups
    }

    /// The plain tests of every test file (``TestEntries``), by path; nil when the kata's tests
    /// are compiled with their `@Test` macros in every group.
    func testEntries(_ imports: [String: Imports]) -> [String: TestEntries.File]? {
        let tests = files(in: "tests")
        guard hasBehaviour, !tests.isEmpty else { return nil }
        return TestEntries.plan(
            Dictionary(tests.map { ($0, imports[$0]?.tests) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The imports of every hidden file the groups are made of. It needs nothing of the
    /// learner's, so a grade finds them while Package.swift is read: parsing them (on an empty
    /// cache, 70 ms of a debug build) once held up the first compile.
    func importsOfHiddenFiles() -> [String: Imports] {
        hiddenImports(files(in: "tests") + contracts.probeFiles + files(in: "support"))
    }

    /// A hidden file's imports; `modules` is nil when the parser alone cannot decide them.
    /// `tests`: a test file's plain tests (``TestEntries/scan(_:)``), nil when it has others.
    struct Imports: Codable, Sendable {
        var modules: [String]?
        var tests: TestEntries.File?
    }

    /// Each hidden file's imports, parsed once for each version of the kata's hidden files (a
    /// debug build's parser would otherwise add tens of milliseconds to every grade).
    private func hiddenImports(_ paths: [String]) -> [String: Imports] {
        var stamp = BuildStamp("hidden-imports-v2")
        for path in paths {
            stamp.add(path)
            stamp.add(file: URL(fileURLWithPath: path))
        }
        let cache = BuildCache<[String: Imports]>.json(folder.checks(entryName), suffix: ".imports.json")
        if let known = cache[stamp.key] { return known }
        var found: [String: Imports] = [:]
        let tests = Set(files(in: "tests"))
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                found[path] = Imports(modules: nil, tests: nil)
                continue
            }
            let tree = Parser.parse(source: text)
            found[path] = Imports(
                modules: PlainImports.modules(in: tree), tests: tests.contains(path) ? TestEntries.scan(tree) : nil)
        }
        cache.store(found, as: stamp.key)
        return found
    }

    /// Compiles the check runner's entry point, which needs nothing of the learner's: a grade
    /// starts it first, before Package.swift is read. On an empty module cache this compile is
    /// the one that builds the Testing module (from its interface) and the C modules under it,
    /// which every group of checks then reuses. nil when the kata has no behaviour checks.
    /// With `entries` (``testEntries(_:)``), the module also declares every test, once per version
    /// of the kata's tests: the groups then compile without Swift Testing's macros.
    func compileEntryPoint(slots: AsyncSlots, entries: [String: TestEntries.File]?) async -> Early? {
        guard hasBehaviour else { return nil }
        folder.writeIfChanged(Self.entryPoint, to: folder.hiddenMain)
        var files = [folder.hiddenMain.path]
        if let entries {
            let tests = entries.values.flatMap(\.tests)
            let registrations = folder.checks(entryName).appendingPathComponent("Registrations.swift")
            folder.writeIfChanged(TestEntries.registrationSource(tests), to: registrations)
            files.append(registrations.path)
        }
        let result = await slots.holding(priority: AsyncSlots.last) { [files] in
            await compile(entryName, files: files, needs: [], includes: [])
        }
        return result.termination.succeeded ? .compiled : .failed(missingModule: false)
    }

    /// Compiles each group as soon as `built` says every learner module it needs was built (it
    /// waits until that is known). Each compile holds one of `slots`, after the learner's
    /// targets waiting for one: `learnerFirst` returns once those that can start hold theirs;
    /// and after the larger groups about to be able to start (``waitForLargerGroups``), whose
    /// learner modules `underway` says are all written or compiling now.
    /// A group's plan, made while the modules it needs compile, waits for `planningAfter`.
    func compileEarly(
        _ groups: HiddenGroups, built: @escaping @Sendable (String) async -> Bool,
        learnerFirst: @escaping @Sendable () async -> Void,
        underway: @escaping @Sendable ([String]) async -> Bool,
        planningAfter: @escaping @Sendable () async -> Void, slots: AsyncSlots
    ) async -> [String: Early] {
        let support = files(in: "support")
        let sources = groups.groups.map {
            groupSources($0.name, files: $0.files, support: support, entries: groups.entries)
        }
        let priorities = sources.map(Self.priority(compiling:))
        let needs = groups.groups.map(\.needs)
        // Per group: it holds its slot, or will never take one.
        let started = OutcomeBoard<Bool>()
        return await withTaskGroup(of: (String, Early).self) { tasks in
            for (position, group) in groups.groups.enumerated() {
                tasks.addTask {
                    let state = await compileEarly(
                        group, sources: sources[position], built: built, learnerFirst: learnerFirst,
                        largerFirst: {
                            await Self.waitForLargerGroups(
                                than: position, priorities: priorities, needs: needs, started: started,
                                underway: underway)
                        }, planningAfter: planningAfter, slots: slots, priority: priorities[position],
                        started: { await started.publish(true, at: position) })
                    await started.publish(true, at: position)
                    return (group.name, state)
                }
            }
            var states: [String: Early] = [:]
            for await (name, state) in tasks { states[name] = state }
            return states
        }
    }

    /// One group of ``compileEarly(_:built:learnerFirst:underway:planningAfter:slots:)``:
    /// `started` runs once it holds its slot.
    private func compileEarly(
        _ group: HiddenGroups.Group, sources: [String], built: @escaping @Sendable (String) async -> Bool,
        learnerFirst: @Sendable () async -> Void, largerFirst: @Sendable () async -> Void,
        planningAfter: @escaping @Sendable () async -> Void, slots: AsyncSlots, priority: Int,
        started: @Sendable () async -> Void
    ) async -> Early {
        let includes = folder.checksIncludes(group.name)
        let compile = groupCompile(group.name, files: sources, includes: [includes.path])
        // Planned while the modules it needs compile (see LearnerBuild's targets).
        async let plannedAhead: Void = {
            await planningAfter()
            await compiler.planAhead(compiling: compile, slots: slots)
        }()
        for module in group.needs where await !built(module) { return .notCompiled }
        await plannedAhead
        await learnerFirst()
        await largerFirst()
        let result = await slots.holding(priority: priority) {
            await started()
            folder.link(modules: group.needs, into: includes)
            return await self.compile(group.name, files: sources, needs: group.needs, includes: [includes.path])
        }
        if result.termination.succeeded { return .compiled }
        return .failed(missingModule: !LearnerBuild.missingModules(in: result).isEmpty)
    }

    /// Waits until every group larger than the one at `position` (a higher slot priority) that
    /// is about to be able to start holds its slot, per `started`, or will take none. About to:
    /// `underway` says every learner module it needs is written or compiling now. A free core
    /// then waits for the larger group rather than going to a smaller one that would hold it
    /// while the larger one waits: after a declaration edit of kata 05, the Login checks took
    /// the core Login's object left, and the wiring checks, the longest compile of the grade,
    /// waited for App's object as well as its module.
    static func waitForLargerGroups(
        than position: Int, priorities: [Int], needs: [[String]], started: OutcomeBoard<Bool>,
        underway: @Sendable ([String]) async -> Bool
    ) async {
        for other in priorities.indices where priorities[other] > priorities[position] {
            guard await started.published()[other] == nil, await underway(needs[other]) else { continue }
            _ = await started.outcome(at: other)
        }
    }

    /// A group's priority for a compile slot: between the learner's targets the checks need and
    /// those they do not (``AsyncSlots``), and among groups the larger first (its files' bytes),
    /// as the longest compile is the one most likely on the way to the run.
    static func priority(compiling sources: [String]) -> Int {
        let bytes = sources.reduce(0) { total, path in total + Int(FileStatus.following(path)?.size ?? 0) }
        return AsyncSlots.last + 1 + min(bytes, AsyncSlots.first - AsyncSlots.last - 2)
    }

    /// Finishes the hidden build once every learner target (`modules`, in build order) was built:
    /// compiles what `early` did not, judges the contracts, finds the test files a failed group
    /// can still use, runs the negative probes, and links the runner with the `entryPoint`.
    ///
    /// `library` waits for ``linkLibrary(modules:groups:)`` and `negatives` for
    /// ``negativeProbes(interfaceHash:)``, which the grade starts as soon as the learner's targets
    /// are built: the runner's link reads the library; nothing waits for the probes but the verdict.
    func build(
        modules: [String], interfaceHash: String, groups: HiddenGroups, early: [String: Early], entryPoint: Early?,
        library: @Sendable () async -> Void, negatives: @Sendable () async -> [String: CheckEvidence]
    ) async -> Outcome {
        linkModules(modules)
        let includes = [folder.modules.path]
        let support = files(in: "support")
        let tests = Set(files(in: "tests"))
        func withNegatives(_ outcome: Outcome) async -> Outcome {
            var outcome = outcome
            outcome.evidence.merge(await negatives()) { old, _ in old }
            return outcome
        }

        var compiled: [HiddenGroups.Group] = []
        var broken: [HiddenGroups.Group] = []
        for group in groups.groups {
            var state = early[group.name] ?? .notCompiled
            if state != .compiled && state != .failed(missingModule: false) {
                // It was not shown a module it imports (a target that imports more than it
                // declares), or it never started: once more, seeing every module.
                let sources = groupSources(group.name, files: group.files, support: support, entries: groups.entries)
                let result = await compile(group.name, files: sources, needs: modules, includes: includes)
                state = result.termination.succeeded ? .compiled : .failed(missingModule: false)
            }
            if state == .compiled { compiled.append(group) } else { broken.append(group) }
        }
        var outcome = Outcome()
        outcome.evidence = await contracts.evaluate(
            compiled: Set(compiled.flatMap(\.files)), support: support, includes: includes)
        var objects = compiled.map { folder.checksObject($0.name).path }
        var linked = compiled.flatMap(\.files)
        for group in broken {
            // Slow path: find out exactly which test files the learner's API breaks.
            let usable = await compilableTests(
                group.files.filter(tests.contains), support: support, includes: includes, entries: groups.entries,
                outcome: &outcome)
            guard hasBehaviour, !usable.isEmpty else { continue }
            let sources = groupSources(group.name, files: usable, support: support, entries: groups.entries)
            let result = await compile(group.name, files: sources, needs: modules, includes: includes)
            guard result.termination.succeeded else {
                outcome.failureMessage =
                    "The hidden checks do not compile against your code: \(CompilerOutput.firstError(result))"
                return await withNegatives(outcome)
            }
            objects.append(folder.checksObject(group.name).path)
            linked += usable
        }
        guard hasBehaviour else { return await withNegatives(outcome) }
        if let entries = groups.entries {
            // Every test the entry point declares calls an entry dikata wrote: the tests of files
            // that did not compile get one that fails.
            let covered = Set(linked.flatMap { entries[$0]?.tests.map(\.name) ?? [] })
            let missing = entries.values.flatMap(\.tests).filter { !covered.contains($0.name) }
            if !missing.isEmpty {
                let stubs = folder.checks(Self.stubsName).appendingPathComponent("Stubs.swift")
                folder.writeIfChanged(TestEntries.stubsSource(missing), to: stubs)
                let result = await compile(Self.stubsName, files: [stubs.path], needs: [], includes: [])
                guard result.termination.succeeded else {
                    outcome.failureMessage =
                        "The hidden checks' stand-ins did not compile: \(CompilerOutput.firstError(result))"
                    return await withNegatives(outcome)
                }
                objects.append(folder.checksObject(Self.stubsName).path)
            }
        }
        // What the runner's link depends on is read while the library still links: after a body
        // edit, the gate to the run opens as soon as the library is linked.
        let runnerLink = runnerLink(
            [folder.checksObject(entryName).path] + objects, modules: modules, interfaceHash: interfaceHash)
        await library()
        guard entryPoint == .compiled else {
            outcome.failureMessage = "The check runner's entry point did not compile: is the Swift toolchain complete?"
            return await withNegatives(outcome)
        }
        return await withNegatives(await link(runnerLink, into: outcome))
    }

    /// Compiles one module of hidden checks, unless its stamp (its files, flags and the
    /// interfaces of the modules it needs) says the object is current.
    private func compile(_ name: String, files: [String], needs: [String], includes: [String]) async -> ProcessResult {
        var stamp = BuildStamp("hidden-v4 \(name) \(SwiftCompiler.hiddenFlags.joined(separator: " "))")
        for file in files { stamp.add(file: URL(fileURLWithPath: file)) }
        for module in needs {
            stamp.add(module)
            stamp.add(FileManager.default.contents(atPath: folder.module(module).path) ?? Data())
        }
        let object = folder.checksObject(name)
        if stamp.isCurrent(in: folder.checksStamp(name), outputs: [object]) { return .succeededWithoutRunning }
        BuildStamp.forget(folder.checksStamp(name))
        let result = await compiler.compileModule(groupCompile(name, files: files, includes: includes))
        if result.termination.succeeded { stamp.record(in: folder.checksStamp(name)) }
        return result
    }

    /// The module of the tests whose files did not compile (``TestEntries/stubsSource(_:)``).
    static let stubsName = SwiftCompiler.hiddenModuleName + "0"

    /// What a group's compile of `files` (test files and probes) is given: the support files and
    /// `files`, except that with `entries` each test file is its copy without `@Test` and the
    /// group's entries come with them (``TestEntries``).
    private func groupSources(
        _ name: String, files: [String], support: [String], entries: [String: TestEntries.File]?
    ) -> [String] {
        guard let entries else { return support + files }
        var sources = support
        var tests: [TestEntries.Test] = []
        for file in files {
            guard let plain = entries[file] else {
                sources.append(file)
                continue
            }
            sources.append(plainCopy(of: file, plain).path)
            tests += plain.tests
        }
        if !tests.isEmpty {
            let source = folder.checks(name).appendingPathComponent("Entries.swift")
            folder.writeIfChanged(TestEntries.entriesSource(tests), to: source)
            sources.append(source.path)
        }
        return sources
    }

    /// A test file's copy with its `@Test` attributes blanked out, written when it differs.
    private func plainCopy(of file: String, _ plain: TestEntries.File) -> URL {
        let relative =
            file.hasPrefix(folder.hiddenSources.path + "/")
            ? String(file.dropFirst(folder.hiddenSources.path.count + 1)) : URL(fileURLWithPath: file).lastPathComponent
        let copy = folder.plainTests.appendingPathComponent(relative)
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        folder.writeIfChanged(TestEntries.plainText(text, blanking: plain.attributes), to: copy)
        return copy
    }

    private func groupCompile(_ name: String, files: [String], includes: [String]) -> SwiftCompiler.ModuleCompile {
        SwiftCompiler.ModuleCompile(
            name: name, files: files, includeDirectories: includes, object: folder.checksObject(name), module: nil,
            isExecutable: false, hasTopLevelCode: false, settings: SwiftCompiler.hiddenFlags)
    }

    // MARK: - Linking

    /// What links the runner: its objects, and, when the driver's plan can be split
    /// (``SplitLink``), the stamps that say whether the library and the runner are current.
    private struct RunnerLink {
        var hidden: [String]
        var learner: [String]
        var split: (link: SplitLink, library: BuildStamp, runner: BuildStamp?)?
    }

    /// The runner's link of `hidden` with the objects of `modules`. The runner's stamp holds the
    /// hidden objects and what the runner links against in the library, which only a changed
    /// interface can change (the symbols of every declaration, dikata compiles with
    /// `-enable-testing`), or a changed autolink flag (what the runner must load first); nil when
    /// a flag cannot be read here, and the runner is linked again, to be sure.
    private func runnerLink(_ hidden: [String], modules: [String], interfaceHash: String) -> RunnerLink {
        let learner = modules.map { folder.object($0).path }
        guard let split = splitLink(hidden: hidden, learner: learner) else {
            return RunnerLink(hidden: hidden, learner: learner, split: nil)
        }
        var runner = BuildStamp("split-runner-v1")
        for word in split.prepare.joined() + split.runner { runner.add(word) }
        for object in hidden { runner.add(file: URL(fileURLWithPath: object)) }
        runner.add(interfaceHash)
        let flags = AutolinkEntries.extract(from: learner.map { FileManager.default.contents(atPath: $0) ?? Data() })
        runner.add(flags?.joined(separator: "\n") ?? "")
        return RunnerLink(
            hidden: hidden, learner: learner,
            split: (split, libraryStamp(split, learner), flags == nil ? nil : runner))
    }

    private func link(_ runnerLink: RunnerLink, into outcome: Outcome) async -> Outcome {
        var outcome = outcome
        let failed = { (result: ProcessResult) in
            "Your code compiles but could not be linked with the checks: \(CompilerOutput.firstError(result))"
        }
        guard let (split, library, runner) = runnerLink.split else {
            // No plan yet (the first link in this folder runs the driver, which makes one): whole.
            if let failure = await linkWhole(runnerLink.hidden + runnerLink.learner) {
                outcome.failureMessage = failed(failure)
            } else {
                outcome.runner = folder.runner
            }
            return outcome
        }
        if let result = await linkLibrary(split, stamp: library), !result.termination.succeeded {
            outcome.failureMessage = failed(result)
            return outcome
        }
        if !(runner?.isCurrent(in: folder.runnerStamp, outputs: [folder.runner]) ?? false) {
            BuildStamp.forget(folder.runnerStamp)
            let result = await compiler.linkRunner(split)
            guard result.termination.succeeded else {
                outcome.failureMessage = failed(result)
                return outcome
            }
            runner?.record(in: folder.runnerStamp)
        }
        outcome.runner = folder.runner
        return outcome
    }

    /// Shows the learner's modules (`modules`, in build order) to what compiles against them all:
    /// the negative probes and the checks compiled after the learner's targets.
    func linkModules(_ modules: [String]) {
        folder.link(modules: modules, into: folder.modules)
    }

    /// The negative probes: snippets that must not compile against the learner's modules (shown
    /// by ``linkModules(_:)``). They read interfaces only, so they run alongside the checks' compile.
    func negativeProbes(interfaceHash: String) async -> [String: CheckEvidence] {
        await probes.evaluate(interfaceHash: interfaceHash, includes: [folder.modules.path])
    }

    private func splitLink(hidden: [String], learner: [String]) -> SplitLink? {
        compiler.splitLink(hidden: hidden, learner: learner, output: folder.runner, library: folder.learnerLibrary)
    }

    /// Links the library of the learner's objects (``SplitLink``) for a runner of every group of
    /// checks, once the objects of `modules` are built, while the checks still compile. Nothing
    /// when there are no behaviour checks or no plan to split; the runner's link then does all.
    func linkLibrary(modules: [String], groups: HiddenGroups) async {
        let (hidden, learner) = runnerObjects(modules: modules, groups: groups)
        guard hasBehaviour, let split = splitLink(hidden: hidden, learner: learner) else { return }
        _ = await linkLibrary(split, stamp: libraryStamp(split, learner))
    }

    /// Plans the runner's link of every group of checks with `modules` (the learner's targets in
    /// build order) while they compile, when this folder has no plan for it yet: the first grade
    /// then links in two parts too (``SwiftCompiler/planAhead(linking:output:slots:)``).
    func planLinkAhead(modules: [String], groups: HiddenGroups, slots: AsyncSlots) async {
        guard hasBehaviour else { return }
        let (hidden, learner) = runnerObjects(modules: modules, groups: groups)
        await compiler.planAhead(linking: hidden + learner, output: folder.runner, slots: slots)
    }

    /// The objects of a runner with every group of checks: the hidden ones, then the learner's.
    private func runnerObjects(modules: [String], groups: HiddenGroups) -> (hidden: [String], learner: [String]) {
        (
            [folder.checksObject(entryName).path] + groups.groups.map { folder.checksObject($0.name).path },
            modules.map { folder.object($0).path }
        )
    }

    /// The library's stamp: its link command and the learner's objects as they are now.
    private func libraryStamp(_ split: SplitLink, _ learner: [String]) -> BuildStamp {
        var library = BuildStamp("learner-library-v1")
        for word in split.library { library.add(word) }
        for object in learner { library.add(file: URL(fileURLWithPath: object)) }
        return library
    }

    /// Links the library of `split` unless `library` (``libraryStamp(_:_:)``) says it is
    /// current; the linker's result, or nil when it did not run.
    private func linkLibrary(_ split: SplitLink, stamp library: BuildStamp) async -> ProcessResult? {
        if library.isCurrent(in: folder.libraryStamp, outputs: [folder.learnerLibrary]) { return nil }
        BuildStamp.forget(folder.libraryStamp)
        let result = await compiler.linkLibrary(split)
        if result.termination.succeeded { library.record(in: folder.libraryStamp) }
        return result
    }

    /// Links every object into the runner (the first link of a folder); the failed result, if any.
    private func linkWhole(_ objects: [String]) async -> ProcessResult? {
        var stamp = BuildStamp("runner-v2")
        for object in objects { stamp.add(file: URL(fileURLWithPath: object)) }
        if stamp.isCurrent(in: folder.runnerStamp, outputs: [folder.runner]) { return nil }
        BuildStamp.forget(folder.runnerStamp)
        let result = await compiler.link(objects: objects, output: folder.runner)
        guard result.termination.succeeded else { return result }
        stamp.record(in: folder.runnerStamp)
        return nil
    }

    // MARK: - Tests

    /// Test files that compile on their own; behaviour checks in the others get a compile error.
    private func compilableTests(
        _ tests: [String], support: [String], includes: [String], entries: [String: TestEntries.File]?,
        outcome: inout Outcome
    ) async -> [String] {
        let compiler = self.compiler
        let sources = Dictionary(
            tests.map { file in (file, entries?[file].map { plainCopy(of: file, $0).path } ?? file) },
            uniquingKeysWith: { first, _ in first })
        let results = await concurrentMap(tests, limit: parallelism) { file in
            (
                file,
                await compiler.typecheck(
                    moduleName: SwiftCompiler.hiddenModuleName, files: support + [sources[file] ?? file],
                    includeDirectories: includes)
            )
        }
        var usable: [String] = []
        for (file, result) in results {
            if result.termination.succeeded {
                usable.append(file)
                continue
            }
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let message = "This check does not compile against your code yet: \(CompilerOutput.firstError(result))"
            outcome.evidence.merge(behaviour.compileErrors(inFile: text, message: message)) { old, _ in old }
        }
        return usable
    }

    /// The Swift files directly in a folder of the copied hidden sources, sorted by name.
    private func files(in folderName: String) -> [String] {
        FolderWalk(folder.hiddenSources.appendingPathComponent(folderName)).files(endingIn: ".swift").map(\.path)
    }

}
