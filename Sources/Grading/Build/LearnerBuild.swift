import DIKataCore
import Foundation

/// Compiles the learner's targets in dependency order, one `swiftc` per target and independent
/// targets side by side, skipping any target whose sources and dependency interfaces are
/// unchanged since the last grade.
///
/// Each target sees only the modules of its declared dependencies (and theirs), as SwiftPM
/// builds it, so an undeclared `import` does not compile. The kata's read-only targets are
/// always built from the kata's own copy, whatever the learner's manifest says about them.
struct LearnerBuild: Sendable {
    let folder: BuildFolder
    let compiler: SwiftCompiler
    let locator: SourceLocator
    /// The kata's read-only targets (built from the kata's pristine copy).
    let readOnly: Set<String>
    /// The flags `swift build` gives each target (language mode, package name, defines,
    /// features), from the manifest.
    let flags: [String: [String]]
    /// Targets some `surface` check judges: only they need a symbol graph.
    let surfaceTargets: Set<String>
    /// The compiler's path: another toolchain rebuilds every target.
    let toolchain: String
    /// How many compilers may run at once.
    let parallelism: Int
    let progress: @Sendable (GradingStage) -> Void

    struct Failure: Sendable {
        var target: String
        var message: String
        var location: SourceLocation?
    }

    /// One target that compiled.
    struct Built: Sendable {
        var name: String
        var isExecutable: Bool
        var isReadOnly: Bool
        /// Package-relative paths of its sources.
        var files: [String]
    }

    struct Result {
        var failures: [Failure]
        var built: [Built]
        /// Hash of every built `.swiftmodule`: unchanged after body-only edits, so the hidden
        /// checks and negative probes need not be rebuilt.
        var interfaceHash: String
        var notes: [String]
    }

    /// One target's result: built, or why not.
    enum Outcome: Sendable {
        case built(Built)
        case failed(Failure)
    }

    /// Compiles every target as soon as the targets it sees are built, up to `parallelism` at
    /// once. The result is the same as compiling them one by one in `order`: each target sees the
    /// same modules, failures are listed in `order`, and a target that falls back to seeing every
    /// module built before it (as `swift build` would) first waits for all of them.
    func build(_ order: [LearnerPackage.Target], snapshot: PackageSnapshot) async -> Result {
        await build(
            plan(order), snapshot: snapshot, board: OutcomeBoard(), modules: OutcomeBoard(),
            slots: AsyncSlots(parallelism))
    }

    /// As `build(_:snapshot:)`, publishing each target's outcome on `board` (by its position in
    /// the plan) as soon as it is known, and sharing `slots` with other compiles of the grade.
    /// `modules` says earlier whether a target's module was written: its dependents (and the
    /// hidden checks) compile against the module while its object is still being compiled.
    /// `started` says when a target holds its compile slot (or needs none): see
    /// `Plan.waitForReadyTargets`.
    func build(
        _ plan: Plan, snapshot: PackageSnapshot, board: OutcomeBoard<Outcome>, modules: OutcomeBoard<Bool>,
        started: OutcomeBoard<Bool> = OutcomeBoard(), slots: AsyncSlots
    ) async -> Result {
        let planned = plan.targets
        await withTaskGroup(of: Void.self) { group in
            for position in planned.indices {
                group.addTask {
                    let outcome = await build(
                        at: position, of: plan, board: board, modules: modules, started: started, slots: slots,
                        snapshot: snapshot)
                    await started.publish(true, at: position)
                    await modules.publish(isBuilt(outcome), at: position)
                    await board.publish(outcome, at: position)
                }
            }
        }
        var failures: [Failure] = []
        var built: [Built] = []
        var interface = BuildStamp("interfaces-v1")
        for position in planned.indices {
            switch await board.outcome(at: position) {
            case .failed(let failure): failures.append(failure)
            case .built(let target):
                built.append(target)
                interface.add(target.name)
                interface.add(FileManager.default.contents(atPath: folder.module(target.name).path) ?? Data())
            }
        }
        return Result(failures: failures, built: built, interfaceHash: interface.key, notes: plan.notes)
    }

    /// The targets before `position` in build order that built, in that order.
    private func builtBefore(_ position: Int, board: OutcomeBoard<Outcome>) async -> [String] {
        var names: [String] = []
        for earlier in 0..<position {
            if case .built(let target) = await board.outcome(at: earlier) { names.append(target.name) }
        }
        return names
    }

    private func isBuilt(_ outcome: Outcome) -> Bool {
        if case .built = outcome { return true }
        return false
    }

    /// The first declared dependency that did not build, once `ready` says whether each has.
    private func failedDependency(
        of target: LearnerPackage.Target, at position: Int, index: [String: Int],
        ready: (Int) async -> Bool
    ) async -> String? {
        for dependency in target.dependencies {
            guard let depends = index[dependency], depends < position, await !ready(depends) else { continue }
            return dependency
        }
        return nil
    }

    /// Builds the target at `position` of `plan`.
    private func build(
        at position: Int, of plan: Plan, board: OutcomeBoard<Outcome>, modules written: OutcomeBoard<Bool>,
        started: OutcomeBoard<Bool>, slots: AsyncSlots, snapshot: PackageSnapshot
    ) async -> Outcome {
        let target = plan.targets[position]
        let visible = plan.visible[position]
        let index = plan.index
        let isReadOnly = readOnly.contains(target.name)
        func dependencyFailure(_ dependency: String) -> Outcome {
            .failed(
                Failure(
                    target: target.name, message: "it depends on \(dependency), which does not compile.", location: nil)
            )
        }
        let files = snapshot.files.keys.filter(target.owns).sorted()
        let hasMain = files.contains { $0.hasSuffix("/main.swift") || $0 == "main.swift" }
        let settings = flags[target.name] ?? SwiftBuildFlags.plain.all
        let symbolGraph = surfaceTargets.contains(target.name) ? folder.symbolGraphs(target.name) : nil
        // Only a target compiled before may get a module job of its own (on a first build every
        // core has work, and the module's own job would cost more than it gains: the outputs are
        // the same either way), or a slot after the checks' (on a first build the groups of
        // checks are not known yet, and nothing waits for them; see below).
        let compiledBefore = FileManager.default.fileExists(atPath: folder.stamp(target.name).path)
        let separateModule = compiledBefore ? await plan.moduleFirst(target.name) : false
        let job = SwiftCompiler.ModuleCompile(
            name: target.name, files: files.map { snapshot.root.appendingPathComponent($0).path },
            includeDirectories: [folder.includes(target.name).path], object: folder.object(target.name),
            module: folder.module(target.name), isExecutable: target.type == .executable, hasTopLevelCode: hasMain,
            settings: settings, symbolGraph: symbolGraph, separateModule: separateModule)
        // While the targets it sees compile, the driver plans its own compile (when there is no
        // plan yet), so the compiler starts at once when they are built. A target that can
        // compile now plans in its own compile's slot instead: planned ahead, it queued behind
        // the other targets' plans, and on an empty cache the first target (KataSupport, whose
        // compile builds Foundation's C modules, the longest job of the grade) started 0.25 s late.
        // Nor does a plan made ahead take a slot before the roots have taken theirs.
        let published = await written.published()
        let ready = visible.allSatisfy { name in index[name].map { published[$0] == true } ?? true }
        async let plannedAhead: Void = {
            guard !ready else { return }
            await plan.waitForRoots(modules: written, started: started)
            await self.compiler.planAhead(compiling: job, slots: slots)
        }()
        // A dependency's module is enough to start; its object must build too, checked below.
        if let failed = await failedDependency(
            of: target, at: position, index: index, ready: { await written.outcome(at: $0) })
        {
            return dependencyFailure(failed)
        }
        progress(.building(target: target.name))
        guard !files.isEmpty else {
            return .failed(Failure(target: target.name, message: "\(target.path) has no Swift files.", location: nil))
        }
        // SwiftPM puts every module of the package in one folder, so `swift build` compiles an
        // import of a target that was built earlier even when it is not declared. Each target
        // first sees only its declared dependencies; one that then fails only for that is
        // compiled as swift build would, and the kata's imports check reports the import.
        let widened = FileManager.default.fileExists(atPath: folder.widenedMarker(target.name).path)
        var modules =
            widened
            ? await builtBefore(position, board: board)
            : visible.sorted { (index[$0] ?? 0) < (index[$1] ?? 0) }
        var stamp = BuildStamp("target-v5 \(target.name) \(target.type.rawValue) \(toolchain)")
        stamp.add(settings.joined(separator: " "))
        stamp.add(surfaceTargets.contains(target.name) ? "symbol-graph" : "")
        for path in files {
            stamp.add(path)
            stamp.add(snapshot.files[path] ?? "")
        }
        for dependency in modules {
            stamp.add(dependency)
            stamp.add(FileManager.default.contents(atPath: folder.module(dependency).path) ?? Data())
        }
        let outputs = [folder.object(target.name), folder.module(target.name)]
        let built = Built(
            name: target.name, isExecutable: target.type == .executable, isReadOnly: isReadOnly, files: files)
        // Whether this target builds depends on its dependencies' objects too.
        func finished(_ outcome: Outcome) async -> Outcome {
            guard case .built = outcome else { return outcome }
            if let failed = await failedDependency(
                of: target, at: position, index: index,
                ready: { if case .built = await board.outcome(at: $0) { true } else { false } })
            {
                return dependencyFailure(failed)
            }
            return outcome
        }
        guard !stamp.isCurrent(in: folder.stamp(target.name), outputs: outputs) else {
            await started.publish(true, at: position)
            await written.publish(true, at: position)
            return await finished(.built(built))
        }
        BuildStamp.forget(folder.stamp(target.name))
        // The slot's priority is asked only now, by a target that compiles: one whose build is
        // current takes no slot, and so does not wait for the groups of checks.
        let slotPriority = compiledBefore ? await plan.priority(target.name) : AsyncSlots.first
        // The plan is waited for before the slot is taken: its making may need a slot itself.
        await plannedAhead
        let compiler = self.compiler
        let folder = self.folder
        @Sendable func compile(seeing modules: [String]) async -> ProcessResult {
            await slots.holding(priority: slotPriority) {
                await started.publish(true, at: position)
                folder.link(modules: modules, into: folder.includes(target.name))
                if let symbolGraph {
                    try? FileManager.default.removeItem(at: symbolGraph)
                    try? FileManager.default.createDirectory(at: symbolGraph, withIntermediateDirectories: true)
                }
                return await compiler.compileModule(job, moduleWritten: { await written.publish(true, at: position) })
            }
        }
        var result = await compile(seeing: modules)
        if !result.termination.succeeded && !Self.missingModules(in: result).isEmpty {
            let earlier = await builtBefore(position, board: board)
            let undeclared = Self.missingModules(in: result).filter { earlier.contains($0) && !modules.contains($0) }
            if !undeclared.isEmpty {
                modules = earlier
                result = await compile(seeing: modules)
                if result.termination.succeeded { folder.write("", to: folder.widenedMarker(target.name)) }
            }
        }
        guard result.termination.succeeded else {
            return .failed(failure(for: target.name, result, visible: visible, snapshot: snapshot, files: files))
        }
        stamp.record(in: folder.stamp(target.name))
        return await finished(.built(built))
    }

    /// The modules a failed compile could not find (`no such module 'X'`).
    static func missingModules(in result: ProcessResult) -> [String] {
        let text = result.stderr.text + "\n" + result.stdout.text
        return text.components(separatedBy: "no such module '").dropFirst().compactMap { rest in
            rest.firstIndex(of: "'").map { String(rest[..<$0]) }
        }
    }

    /// `Sources/Login` for `./Sources/Login/`.
    static func normalized(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        var index = 0
        while index < components.count {
            if components[index] == "..", index > 0 {
                components.removeSubrange(index - 1...index)
                index -= 1
            } else {
                index += 1
            }
        }
        return components.joined(separator: "/")
    }

    /// Declared dependencies and everything they depend on.
    static func closure(of dependencies: [String], in known: [String: [String]]) -> [String] {
        var seen: [String] = []
        for dependency in dependencies where !seen.contains(dependency) {
            seen.append(dependency)
            for inner in known[dependency] ?? [] where !seen.contains(inner) { seen.append(inner) }
        }
        return seen
    }

    private func failure(
        for target: String, _ result: ProcessResult, visible: [String], snapshot: PackageSnapshot, files: [String]
    ) -> Failure {
        if result.termination == .timedOut {
            return Failure(target: target, message: "the compiler did not finish in time.", location: nil)
        }
        let errors = CompilerDiagnostic.errors(in: result.stderr.text + "\n" + result.stdout.text)
        guard let first = errors.first else {
            return Failure(target: target, message: CompilerOutput.firstLines(result.combinedOutput, 3), location: nil)
        }
        let location = locator.relativePath(for: first.file).map {
            SourceLocation(file: $0, line: first.line, column: first.column)
        }
        var message = first.message
        // "no such module 'APIClient'" for a target of the package: the dependency is not declared.
        if let range = message.range(of: "no such module '"), let end = message[range.upperBound...].firstIndex(of: "'")
        {
            let module = String(message[range.upperBound..<end])
            if locator.targetPaths[module] != nil && !visible.contains(module) {
                message =
                    "`import \(module)`, but \(target) does not declare \(module) as a dependency in Package.swift (directly or through a target it depends on)."
            }
        }
        if let location { message = "\(location): \(message)" }
        if errors.count > 1 { message += " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" }
        return Failure(target: target, message: message, location: location)
    }
}
