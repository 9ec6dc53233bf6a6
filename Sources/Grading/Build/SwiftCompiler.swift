import DIKataCore
import Foundation

/// Builds the compiler and SwiftPM command lines dikata needs and runs them in the sandbox.
/// Direct `swiftc` invocations (one per target) are several times faster than `swift test`
/// for a kata-sized package; the measured numbers are in bench/README.md.
struct SwiftCompiler {
    var environment: GradingEnvironment
    var runner: any ProcessRunning
    /// The kata's build folder: the only place the compiler may write (besides the module cache).
    var buildDirectory: URL
    /// Folders the compiler must not see (the kata's hidden checks and solution).
    var hiddenPaths: [String]
    var timeout: Double
    /// The plans being made ahead in this grade (``planAhead(compiling:slots:)``), which a compile
    /// with the same arguments waits for.
    var plansUnderway = PlansUnderway()
    /// The sandbox this grade's jobs share (``SandboxHost``), when it has one: every job with the
    /// compiler's own view runs there, the rest (Package.swift) in a sandbox of its own.
    var host: SandboxHost? = nil
    /// Waits between looks for the module a compile has written while it still compiles the
    /// object (``compileModule(_:moduleWritten:)``): the grader's clock. nil: a module is known
    /// to be written only when its compile ends.
    var pause: (@Sendable (Duration) async -> Void)? = nil

    static let hiddenModuleName = "HiddenChecks"

    /// `HiddenChecks` (the check runner's entry point) and `HiddenChecks1`, `HiddenChecks2`, …
    /// (the groups of hidden checks): no learner target may take these names.
    static func isReservedModuleName(_ name: String) -> Bool {
        guard name.hasPrefix(hiddenModuleName) else { return false }
        return name.dropFirst(hiddenModuleName.count).allSatisfy(\.isNumber)
    }

    private var home: String { buildDirectory.appendingPathComponent("home").path }

    private var commonFlags: [String] {
        [
            "-Onone", "-gline-tables-only", "-enable-testing", "-module-cache-path", environment.moduleCache.path,
            "-j1",
        ]
    }

    /// Hidden checks see only what each file imports (SE-0444), so a contract probe that
    /// imports only APIClient cannot use an extension member declared in Login just because a
    /// test file elsewhere in the module imports Login.
    /// They are part of the package, as a SwiftPM test target is: `package` declarations are visible.
    static let hiddenFlags =
        SwiftBuildFlags(languageMode: "6", arguments: ["-enable-upcoming-feature", "MemberImportVisibility"]).all

    /// One module's compile: what ``compileModule(_:moduleWritten:)`` and
    /// ``planAhead(compiling:slots:)`` are given.
    struct ModuleCompile: Sendable {
        var name: String
        var files: [String]
        var includeDirectories: [String]
        var object: URL
        var module: URL?
        var isExecutable: Bool
        var hasTopLevelCode: Bool
        var settings: [String]
        var symbolGraph: URL? = nil
        var separateModule = false

        /// Whether one frontend writes both the object and the module: no module job of its own
        /// is asked for, neither by `separateModule` nor for a symbol graph (see `arguments(for:)`).
        var oneFrontend: Bool { symbolGraph == nil && !separateModule }
    }

    /// Compiles one module to an object file and a `.swiftmodule` (whole-module, one process).
    ///
    /// `moduleWritten` runs once the module is written, which may be before the object is: its
    /// dependents compile against the module while the object still compiles. A module job of
    /// its own (``ModuleCompile/separateModule``, or a symbol graph's) says so when it ends. One
    /// frontend that writes both writes the module after type-checking and SIL, before IRGen and
    /// LLVM make the object (kata 05's App: the module at 0.16 s, the object at 0.31 s), so with
    /// ``pause`` the module's path is looked at while it runs (``moduleAppears(_:pause:)``). The module
    /// of the last compile is removed first: the frontend writes a module by renaming a finished
    /// file into place, so the path holds a module again only once this compile's is whole.
    func compileModule(
        _ compile: ModuleCompile, moduleWritten: @escaping @Sendable () async -> Void = {}
    ) async -> ProcessResult {
        let arguments = arguments(for: compile)
        let purpose = "compile \(compile.name)"
        guard let module = compile.module, let pause, compile.oneFrontend else {
            return await swiftc(arguments, purpose: purpose, inputs: compile.files, moduleWritten: moduleWritten)
        }
        try? FileManager.default.removeItem(at: module)
        return await withTaskGroup(of: ProcessResult?.self) { group in
            group.addTask { await swiftc(arguments, purpose: purpose, inputs: compile.files) }
            group.addTask {
                if await Self.moduleAppears(module, pause: pause) { await moduleWritten() }
                return nil
            }
            var result = ProcessResult.succeededWithoutRunning
            for await finished in group {
                guard let finished else { continue }
                result = finished
                group.cancelAll()
            }
            return result
        }
    }

    /// How often a running compile's module is looked for: a look is one `stat`, and a
    /// dependent starts at most this much later than it could.
    static let moduleLookPace = Duration.milliseconds(2)

    /// Returns true once `module` exists, false when the task is cancelled first (its compile ended).
    static func moduleAppears(_ module: URL, pause: @Sendable (Duration) async -> Void) async -> Bool {
        while !Task.isCancelled {
            if FileManager.default.fileExists(atPath: module.path) { return true }
            await pause(moduleLookPace)
        }
        return false
    }

    /// Asks the driver now for the plan of a compile that will run later, when there is none
    /// yet: on an empty cache, while the first target compiles (building the C modules under
    /// Foundation keeps one core busy for most of a second) and the other core has nothing to
    /// do, the plans of the targets and checks that wait for it are made, and each of them later
    /// starts its compiler at once. Another build folder's plan is left for the compile itself
    /// to try (it is trusted less: see ``swiftc(_:purpose:inputs:planFirst:moduleWritten:)``).
    func planAhead(compiling compile: ModuleCompile, slots: AsyncSlots) async {
        await planAhead(
            arguments(for: compile), purpose: "compile \(compile.name)", inputs: compile.files, slots: slots)
    }

    /// The same for the check runner's link (``link(objects:output:)``): with its plan known, a
    /// first grade links it in two parts as every later one does (``SplitLink``), the library of
    /// the learner's objects while the checks still compile.
    func planAhead(linking objects: [String], output: URL, slots: AsyncSlots) async {
        await planAhead(
            linkArguments(objects: objects, output: output), purpose: "link the check runner", inputs: objects,
            slots: slots)
    }

    /// Nothing with a single slot: the compile waits for its plan before taking its slot, and a
    /// plan made ahead needs a slot of its own, which the compiles holding the only one would keep.
    /// Nor without inputs: there is nothing to plan.
    private func planAhead(_ arguments: [String], purpose: String, inputs: [String], slots: AsyncSlots) async {
        guard slots.limit > 1, !inputs.isEmpty else { return }
        let key = planKey(arguments)
        let planFile = plans.appendingPathComponent(key + ".json")
        guard !FileManager.default.fileExists(atPath: planFile.path), !hasSharedPlan(for: arguments) else { return }
        await plansUnderway.once(key) {
            await slots.holding(priority: AsyncSlots.last) {
                await makeFreshPlan(
                    arguments, purpose: purpose, inputs: inputs, planFile: planFile,
                    files: plans.appendingPathComponent(key, isDirectory: true))
            }
        }
    }

    /// ``makePlan(_:purpose:inputs:planFile:files:)`` in an emptied `files` folder, unless a
    /// plan to trust is kept already.
    private func makeFreshPlan(_ arguments: [String], purpose: String, inputs: [String], planFile: URL, files: URL)
        async
    {
        guard localPlan(planFile) == nil else { return }
        try? FileManager.default.removeItem(at: files)
        try? FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        _ = await makePlan(arguments, purpose: purpose, inputs: inputs, planFile: planFile, files: files)
    }

    private func arguments(for compile: ModuleCompile) -> [String] {
        // One frontend writes both the object and the module: the driver would otherwise run a
        // second one after it just to emit the module (about 40% of a target's compile time).
        // Not for a target a `surface` check reads: its symbol graph must come from the module
        // job, which sees declarations only; the object job also lists every local variable in a
        // function body, which is no part of the API (and would read as a reassignable member).
        // Nor when `separateModule` asks for the module early: the two jobs run side by side.
        var arguments =
            commonFlags + compile.settings + ["-module-name", compile.name, "-wmo", "-c", "-o", compile.object.path]
        if compile.oneFrontend {
            arguments.insert("-no-emit-module-separately-wmo", at: arguments.count - 3)
        }
        if let symbolGraph = compile.symbolGraph {
            // Every declaration, private ones included, for the `surface` checks.
            arguments += [
                "-emit-symbol-graph", "-emit-symbol-graph-dir", symbolGraph.path, "-symbol-graph-minimum-access-level",
                "private",
            ]
        }
        if !compile.hasTopLevelCode { arguments.append("-parse-as-library") }
        if let module = compile.module { arguments += ["-emit-module", "-emit-module-path", module.path] }
        if compile.isExecutable {
            // Renamed entry point so the module can be linked into the check runner (as SwiftPM does for tests).
            arguments += ["-Xfrontend", "-entry-point-function-name", "-Xfrontend", "\(compile.name)_main"]
        }
        for directory in compile.includeDirectories { arguments += ["-I", directory] }
        return arguments + compile.files
    }

    /// Type-checks files as their own module; used for contract and negative probes.
    func typecheck(moduleName: String, files: [String], includeDirectories: [String]) async -> ProcessResult {
        var arguments =
            commonFlags + Self.hiddenFlags + ["-typecheck", "-parse-as-library", "-module-name", moduleName]
        for directory in includeDirectories { arguments += ["-I", directory] }
        return await swiftc(arguments + files, purpose: "check \(moduleName)", inputs: files)
    }

    /// Links object files into the check runner.
    func link(objects: [String], output: URL) async -> ProcessResult {
        await swiftc(
            linkArguments(objects: objects, output: output), purpose: "link the check runner", inputs: objects,
            planFirst: false)
    }

    private func linkArguments(objects: [String], output: URL) -> [String] {
        (environment.fastLinker.map { ["-use-ld=\($0)"] } ?? []) + ["-o", output.path] + objects
    }

    /// The runner's link in two parts (``SplitLink``), once this folder's plan for linking
    /// `hidden` and `learner` objects into `output` whole is known and has the shape to split.
    func splitLink(hidden: [String], learner: [String], output: URL, library: URL) -> SplitLink? {
        let arguments = linkArguments(objects: hidden + learner, output: output)
        guard let plan = localPlan(plans.appendingPathComponent(planKey(arguments) + ".json")) else { return nil }
        return SplitLink(plan: plan, hidden: hidden, learner: learner, runner: output.path, library: library.path)
    }

    /// Links the learner's objects into the library of a ``SplitLink``.
    func linkLibrary(_ split: SplitLink) async -> ProcessResult {
        await run(DriverPlan(jobs: [split.library]), purpose: "link your code for the checks", moduleWritten: {})
            ?? .succeededWithoutRunning
    }

    /// Links the runner of a ``SplitLink`` (its library must be linked first: the linker reads it).
    func linkRunner(_ split: SplitLink) async -> ProcessResult {
        await run(DriverPlan(jobs: split.prepare + [split.runner]), purpose: "link the check runner", moduleWritten: {})
            ?? .succeededWithoutRunning
    }

    /// Lists the modules one file imports, without compiling it; `settings` decide `#if`s.
    func importedModules(of file: String, settings: [String]) async -> ProcessResult {
        let defines = zip(settings, settings.dropFirst()).filter { $0.0 == "-D" }.flatMap { ["-D", $0.1] }
        return await run(
            [environment.swiftc, "-frontend", "-emit-imported-modules", file, "-o", "-", "-module-name", "ImportScan"]
                + defines, purpose: "list the imports of \(URL(fileURLWithPath: file).lastPathComponent)",
            timeout: timeout)
    }

    /// Section headers and symbol tables of compiled learner objects (`llvm-objdump -h -t`).
    func objdump(_ objects: [String]) async -> ProcessResult {
        await run(
            [environment.objdump, "-h", "-t"] + objects, purpose: "read the symbols your code uses", timeout: timeout,
            outputLimit: 16 << 20)
    }

    /// Demangles Swift symbol names, one per output line.
    func demangle(_ names: [String]) async -> ProcessResult {
        await run([environment.demangler, "--compact"] + names, purpose: "read Swift symbol names", timeout: timeout)
    }

    /// Runs `swift package dump-package`, which executes Package.swift: always in the sandbox.
    func dumpPackage(at package: URL) async -> ProcessResult {
        let scratch = buildDirectory.appendingPathComponent("swiftpm").path
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let command = [
            environment.swift, "package", "--package-path", package.path, "--scratch-path", scratch,
            "--disable-sandbox", "dump-package",
        ]
        // Package.swift is learner code: it may write only SwiftPM's own scratch folder and
        // home, never the build folder (which holds the hidden checks and cache stamps).
        return await run(
            command, purpose: "read Package.swift", timeout: min(timeout, 60),
            writable: [scratch, home], readOnly: [package.path], rootProcesses: 1024)
    }

    /// Runs `swiftc`, or the commands it would run when a plan for these arguments is known (see
    /// ``DriverPlan``). Without a plan, a compile asks the driver for one first (`swiftc -###`)
    /// and runs that: its module and object jobs then run side by side and dependents start once
    /// the module is written, where the driver (`-j1`) would run them one after the other, and
    /// the driver starts once instead of twice. A link runs the driver while `swiftc -###` makes
    /// the plan beside it (that plan's linker command needs a second look, `clang -###`). When no
    /// plan can be made or trusted, the driver runs.
    /// `moduleWritten` runs as soon as a plan's module job (`-emit-module` without `-c`) succeeds,
    /// before the object job is done.
    private func swiftc(
        _ arguments: [String], purpose: String, inputs: [String], planFirst: Bool = true,
        moduleWritten: @escaping @Sendable () async -> Void = {}
    ) async -> ProcessResult {
        let key = planKey(arguments)
        let planFile = plans.appendingPathComponent(key + ".json")
        // The driver writes the files its jobs read (a map of supplementary outputs) under TMPDIR:
        // the plan's own folder keeps them for as long as the plan.
        let files = plans.appendingPathComponent(key, isDirectory: true)
        await plansUnderway.wait(for: key)
        if let plan = localPlan(planFile),
            let result = await run(plan, purpose: purpose, moduleWritten: moduleWritten)
        {
            return result
        }
        // Another folder's plan that fails here is not trusted with the verdict: it is
        // forgotten, and the driver runs (its own plan, when it prints one, is kept instead).
        if let plan = sharedPlan(for: arguments, inputs: inputs, planFile: planFile, files: files) {
            if let result = await run(plan, purpose: purpose, moduleWritten: moduleWritten),
                result.termination.succeeded
            {
                return result
            }
            try? FileManager.default.removeItem(at: planFile)
        }
        if planFirst {
            // Made once in this grade: a plan made ahead that came to nothing is not asked for again.
            await plansUnderway.once(key) {
                await makeFreshPlan(arguments, purpose: purpose, inputs: inputs, planFile: planFile, files: files)
            }
            if let plan = localPlan(planFile),
                let result = await run(plan, purpose: purpose, moduleWritten: moduleWritten)
            {
                return result
            }
            return await run([environment.swiftc] + arguments, purpose: purpose, timeout: timeout)
        }
        try? FileManager.default.removeItem(at: files)
        try? FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        async let plan = makePlan(arguments, purpose: purpose, inputs: inputs, planFile: planFile, files: files)
        let result = await run([environment.swiftc] + arguments, purpose: purpose, timeout: timeout)
        _ = await plan
        return result
    }

    /// Asks the driver for the commands it would run for `arguments` (`swiftc -###`, its files
    /// written to `files`), and keeps them in `planFile` and for other build folders; nil when
    /// the driver prints no plan dikata can trust.
    private func makePlan(
        _ arguments: [String], purpose: String, inputs: [String], planFile: URL, files: URL
    ) async -> DriverPlan? {
        let printed = await run(
            [environment.swiftc, "-###"] + arguments, purpose: "plan: \(purpose)", timeout: timeout,
            temporaryDirectory: files.path)
        guard printed.termination.succeeded,
            let parsed = DriverPlan.parse(
                printed.stdout.text, toolchainBin: toolchainBin, inputs: inputs, ownFiles: files.path)
        else { return nil }
        let direct = await linkingDirectly(parsed, inputs: inputs, files: files)
        if let data = try? JSONEncoder().encode(direct) {
            RecordFile.replace(planFile, with: data)
            share(direct, for: arguments, files: files)
        }
        return direct
    }

    /// The plan this build folder made for these arguments, if it is still one to trust.
    private func localPlan(_ planFile: URL) -> DriverPlan? {
        guard let data = FileManager.default.contents(atPath: planFile.path),
            let plan = try? JSONDecoder().decode(DriverPlan.self, from: data),
            plan.runsOnlyToolchainPrograms(toolchainBin)
        else { return nil }
        return plan
    }

    // MARK: - Plans shared by build folders

    /// Where plans made in any build folder are kept for the others (``RelocatablePlan``).
    private var sharedPlans: URL { environment.cacheRoot.appendingPathComponent("driver-plans", isDirectory: true) }

    /// The build folder's path as the arguments spell it; nil when its name is not a plain one.
    private var buildFolderPath: String? {
        RelocatablePlan.isPlainName(buildDirectory.lastPathComponent) ? buildDirectory.path : nil
    }

    /// The key of these arguments in any build folder: the folder's path as a placeholder.
    private func sharedKey(_ arguments: [String], buildFolder: String) -> String {
        let relocated = arguments.map { $0.replacingBytes(buildFolder, with: RelocatablePlan.buildToken) }
        return planKey(["relocatable-v2"] + relocated)
    }

    /// Whether another build folder kept a plan for these arguments.
    private func hasSharedPlan(for arguments: [String]) -> Bool {
        guard let buildFolder = buildFolderPath else { return false }
        return FileManager.default.fileExists(
            atPath: sharedPlans.appendingPathComponent(sharedKey(arguments, buildFolder: buildFolder) + ".json").path)
    }

    /// A plan another build folder made for the same compile, laid into this one (the plan file
    /// and the driver's own files) when it is one to trust here; nil otherwise.
    private func sharedPlan(for arguments: [String], inputs: [String], planFile: URL, files: URL) -> DriverPlan? {
        guard let buildFolder = buildFolderPath else { return nil }
        let shared = sharedPlans.appendingPathComponent(sharedKey(arguments, buildFolder: buildFolder) + ".json")
        guard let data = FileManager.default.contents(atPath: shared.path),
            let relocatable = try? JSONDecoder().decode(RelocatablePlan.self, from: data)
        else { return nil }
        let (jobs, ownFiles) = relocatable.instantiated(buildFolder: buildFolder, ownFiles: files.path)
        guard ownFiles.keys.allSatisfy(Self.isPlainRelativePath),
            let plan = DriverPlan.trusted(jobs.jobs, toolchainBin: toolchainBin, inputs: inputs, ownFiles: files.path)
        else { return nil }
        let manager = FileManager.default
        try? manager.removeItem(at: files)
        for (path, contents) in ownFiles {
            let file = files.appendingPathComponent(path)
            try? manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard (try? Data(contents.utf8).write(to: file)) != nil else { return nil }
        }
        guard let encoded = try? JSONEncoder().encode(plan), RecordFile.replace(planFile, with: encoded)
        else { return nil }
        return plan
    }

    /// Keeps `plan`, made here with its own files in `files`, for every build folder; only when
    /// laying it back into this folder gives exactly this plan and these files.
    private func share(_ plan: DriverPlan, for arguments: [String], files: URL) {
        guard let buildFolder = buildFolderPath else { return }
        var contents: [String: String] = [:]
        for path in FolderWalk(files).files() {
            guard let data = FileManager.default.contents(atPath: files.appendingPathComponent(path).path),
                let text = String(data: data, encoding: .utf8)
            else { return }
            contents[path] = text
        }
        guard
            let relocatable = RelocatablePlan.relocating(
                plan, buildFolder: buildFolder, ownFiles: files.path, files: contents)
        else { return }
        let back = relocatable.instantiated(buildFolder: buildFolder, ownFiles: files.path)
        guard back.plan == plan, back.files == contents, let data = try? JSONEncoder().encode(relocatable) else {
            return
        }
        try? FileManager.default.createDirectory(at: sharedPlans, withIntermediateDirectories: true)
        RecordFile.replace(
            sharedPlans.appendingPathComponent(sharedKey(arguments, buildFolder: buildFolder) + ".json"), with: data)
    }

    /// A relative path with no `..`, `.` or empty part: a driver file stays inside the plan's folder.
    private static func isPlainRelativePath(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != "." && $0 != ".."
            }
    }

    /// The plan with its `clang` link job replaced by the one linker command that clang would run
    /// (what `clang -###` prints): clang starting `ld.lld` costs about 15 ms of every link. The
    /// autolink response file stays a response file, which `ld.lld` reads itself when it links,
    /// so the plan holds nothing of this link's inputs but their paths. Anything unexpected keeps
    /// the clang job.
    private func linkingDirectly(_ plan: DriverPlan, inputs: [String], files: URL) async -> DriverPlan {
        var plan = plan
        let placeholder = "-lDIKATA_AUTOLINK_RESPONSE_FILE"
        for (index, job) in plan.jobs.enumerated() {
            guard let program = job.first, URL(fileURLWithPath: program).lastPathComponent == "clang" else { continue }
            let responseFiles = job.filter { $0.hasPrefix("@") }
            guard responseFiles.count <= 1, !job.contains(placeholder), !job.contains("-###") else { continue }
            // clang wants its inputs to exist even to print its command, and a link planned
            // ahead has none yet: empty stand-ins take their place, named back in its command.
            let standIns = files.appendingPathComponent("link-inputs", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: standIns) }
            try? FileManager.default.createDirectory(at: standIns, withIntermediateDirectories: true)
            var realPaths: [String: String] = [:]
            var asked: [String] = []
            for word in job {
                if word.hasPrefix("@") {
                    asked.append(placeholder)
                } else if inputs.contains(word) {
                    let standIn = standIns.appendingPathComponent("\(realPaths.count).o").path
                    guard FileManager.default.createFile(atPath: standIn, contents: Data()) else { return plan }
                    realPaths[standIn] = word
                    asked.append(standIn)
                } else {
                    asked.append(word)
                }
            }
            let printed = await run(
                asked + ["-###"], purpose: "plan: the linker command", timeout: timeout, temporaryDirectory: files.path)
            let commands = printed.stderr.text.split(separator: "\n").filter { $0.hasPrefix(" \"") }
            guard printed.termination.succeeded, commands.count == 1,
                var words = DriverPlan.words(of: String(commands[0]))?.map({ realPaths[$0] ?? $0 }),
                let linker = words.first,
                URL(fileURLWithPath: linker).lastPathComponent == "ld.lld",
                DriverPlan.isToolchainProgram(toolchainBin)(linker),
                words.filter({ $0 == placeholder }).count == responseFiles.count,
                inputs.allSatisfy({ !job.contains($0) || words.contains($0) })
            else { continue }
            if let responseFile = responseFiles.first, let at = words.firstIndex(of: placeholder) {
                words[at] = responseFile
            }
            plan.jobs[index] = words
        }
        return plan
    }

    /// Runs a plan's jobs: frontend jobs side by side (the object and the module of one target
    /// do not read each other), anything else (the linker after autolink-extract) in order. The
    /// first job that fails, in the plan's order, gives the result, as the driver's would.
    private func run(
        _ plan: DriverPlan, purpose: String, moduleWritten: @escaping @Sendable () async -> Void
    ) async -> ProcessResult? {
        guard plan.jobs.count > 1, plan.jobs.allSatisfy({ $0.dropFirst().first == "-frontend" }) else {
            var result: ProcessResult?
            for job in plan.jobs {
                if extractAutolinkEntries(job) {
                    result = .succeededWithoutRunning
                    continue
                }
                let step = await run(job, purpose: purpose, timeout: timeout)
                result = step
                guard step.termination.succeeded else { break }
            }
            return result
        }
        let results = await concurrentMap(plan.jobs, limit: plan.jobs.count) { job in
            let result = await run(job, purpose: purpose, timeout: timeout)
            if result.termination.succeeded, job.contains("-emit-module"), !job.contains("-c") { await moduleWritten() }
            return result
        }
        return results.first { !$0.termination.succeeded } ?? results.last
    }

    /// Does a `swift-autolink-extract` job in-process (``AutolinkEntries``): false when `job` is
    /// another program, or when an input cannot be read here and the tool itself must run. It
    /// reads and writes only inside the build folder, as the sandboxed tool could.
    func extractAutolinkEntries(_ job: [String]) -> Bool {
        guard let program = job.first, URL(fileURLWithPath: program).lastPathComponent == "swift-autolink-extract"
        else { return false }
        var inputs: [String] = []
        var output: String?
        var arguments = job.dropFirst().makeIterator()
        while let argument = arguments.next() {
            if argument == "-o" {
                output = arguments.next()
            } else if argument.hasPrefix("-") {
                return false
            } else {
                inputs.append(argument)
            }
        }
        let inside = buildDirectory.standardizedFileURL.path + "/"
        guard let output, !inputs.isEmpty,
            (inputs + [output]).allSatisfy({
                URL(fileURLWithPath: $0).standardizedFileURL.path.hasPrefix(inside) && !$0.contains("/../")
            })
        else { return false }
        var objects: [Data] = []
        for input in inputs {
            guard let data = FileManager.default.contents(atPath: input) else { return false }
            objects.append(data)
        }
        guard let flags = AutolinkEntries.extract(from: objects) else { return false }
        return (try? AutolinkEntries.fileContents(flags).write(to: URL(fileURLWithPath: output), options: .atomic))
            != nil
    }

    private var plans: URL { buildDirectory.appendingPathComponent("driver-plans", isDirectory: true) }

    private var toolchainBin: String {
        URL(fileURLWithPath: environment.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// The arguments and the driver itself (its path, size and date): a new toolchain plans again.
    private func planKey(_ arguments: [String]) -> String {
        var stamp = BuildStamp("driver-plan-v2 \(environment.swiftc)")
        let driver = URL(fileURLWithPath: environment.swiftc).resolvingSymlinksInPath().path
        let status = FileStatus.following(driver)
        stamp.add("\(status?.size ?? 0) \(status?.modified.seconds ?? 0).\(status?.modified.nanoseconds ?? 0)")
        for argument in arguments { stamp.add(argument) }
        return stamp.key
    }

    /// What the toolchain's processes get beside ``GradingEnvironment/childEnvironment(home:)``.
    /// glibc's allocator asks for transparent huge pages for its heap (where the kernel leaves
    /// that to the program, `madvise` in `/sys/kernel/mm/transparent_hugepage/enabled`): a
    /// frontend spends a quarter of its time in page faults, and with it a body edit's compile
    /// takes 82 ms instead of 90, kata 05's slowest group of checks 237 instead of 246. Nothing a
    /// tool writes changes; elsewhere (no glibc, huge pages off or always on) it does nothing.
    static let toolEnvironment = ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"]

    private func run(
        _ command: [String], purpose: String, timeout: Double, writable: [String]? = nil, readOnly: [String] = [],
        outputLimit: Int = 256 << 10, rootProcesses: Int? = nil, temporaryDirectory: String? = nil
    ) async -> ProcessResult {
        // Only Package.swift runs learner code here: it alone gets a process cap as root.
        let limits = Sandbox.ResourceLimits(
            cpuSeconds: Int(timeout) + 5, memoryBytes: nil, fileSizeBytes: 512 << 20, openFiles: 1024,
            processes: nil, rootProcesses: rootProcesses)
        var variables = toolVariables
        if let temporaryDirectory { variables["TMPDIR"] = temporaryDirectory }
        let request = SandboxedRequest(
            command: command, purpose: purpose, environment: variables,
            timeout: timeout, outputLimit: outputLimit,
            writable: writable ?? toolView.writable, readOnly: readOnly,
            hidden: hiddenPaths, start: .folder(writable?.first ?? buildDirectory.path), limits: limits)
        return await environment.sandbox.run(request, on: runner, host: host)
    }

    private var toolVariables: [String: String] {
        environment.childEnvironment(home: home).merging(Self.toolEnvironment) { _, tool in tool }
    }

    /// What the toolchain's jobs see and may write: the build folder and the module cache.
    private var toolView: SandboxHost.View {
        SandboxHost.View(
            writable: [buildDirectory.path, environment.moduleCache.path], readOnly: [], hidden: hiddenPaths,
            start: .folder(buildDirectory.path))
    }

    /// A sandbox for this build folder's jobs to share (``SandboxHost``), started now; nil where
    /// this machine cannot have one (each job then sets up its own).
    func startHost(now: @escaping @Sendable () -> Date) -> SandboxHost? {
        SandboxHost.start(
            sandbox: environment.sandbox, view: toolView, environment: toolVariables,
            folder: buildDirectory.appendingPathComponent("host-jobs", isDirectory: true), runner: runner, now: now)
    }
}
