import DIKataCore
import Foundation

/// Builds the kata's hidden checks against the learner's modules: the Swift Testing tests and
/// contract probes as one module (the fast path), each probe and test file alone when that
/// fails (so one missing API costs one check), and the negative probes, which must not compile.
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

    static let entryPoint = """
        import Testing

        @main struct HiddenChecksMain {
            static func main() async { await Testing.__swiftPMEntryPoint() as Never }
        }
        """

    func build(modules: [String], interfaceHash: String) async -> Outcome {
        folder.link(modules: modules, into: folder.modules)
        let includes = [folder.modules.path]
        let support = files(in: "support")
        let tests = files(in: "tests")
        async let negatives = probes.evaluate(interfaceHash: interfaceHash, includes: includes)

        var outcome = Outcome()
        let hasBehaviour = !behaviour.checks.isEmpty
        let main = folder.root.appendingPathComponent("checks/main.swift")
        folder.write(Self.entryPoint, to: main)

        var stamp = BuildStamp("hidden-v3 \(interfaceHash) \(SwiftCompiler.hiddenFlags.joined(separator: " "))")
        for file in support + tests + contracts.probeFiles { stamp.add(file: URL(fileURLWithPath: file)) }
        var compiled = stamp.isCurrent(in: folder.hiddenStamp, outputs: [folder.hiddenObject])
        if !compiled {
            BuildStamp.forget(folder.hiddenStamp)
            let all = support + tests + contracts.probeFiles + (hasBehaviour ? [main.path] : [])
            let result = await compileChecks(all, includes: includes)
            compiled = result.termination.succeeded
            if compiled { stamp.record(in: folder.hiddenStamp) }
        }
        outcome.evidence = await contracts.evaluate(compiledWithChecks: compiled, support: support, includes: includes)
        if !compiled {
            // Slow path: find out exactly which test files the learner's API breaks.
            let usable = await compilableTests(tests, support: support, includes: includes, outcome: &outcome)
            if hasBehaviour {
                let result = await compileChecks(support + usable + [main.path], includes: includes)
                guard result.termination.succeeded else {
                    outcome.failureMessage =
                        "The hidden checks do not compile against your code: \(CompilerOutput.firstError(result))"
                    outcome.evidence.merge(await negatives) { old, _ in old }
                    return outcome
                }
            }
        }
        outcome.evidence.merge(await negatives) { old, _ in old }
        guard hasBehaviour else { return outcome }
        return await link(modules: modules, into: outcome)
    }

    private func compileChecks(_ files: [String], includes: [String]) async -> ProcessResult {
        await compiler.compileModule(
            name: SwiftCompiler.hiddenModuleName, files: files, includeDirectories: includes,
            object: folder.hiddenObject, module: nil, isExecutable: false, hasTopLevelCode: false,
            settings: SwiftCompiler.hiddenFlags)
    }

    // MARK: - Linking

    private func link(modules: [String], into outcome: Outcome) async -> Outcome {
        var outcome = outcome
        let objects = [folder.hiddenObject.path] + modules.map { folder.object($0).path }
        var stamp = BuildStamp("runner-v1")
        for object in objects { stamp.add(file: URL(fileURLWithPath: object)) }
        if stamp.isCurrent(in: folder.runnerStamp, outputs: [folder.runner]) {
            outcome.runner = folder.runner
            return outcome
        }
        BuildStamp.forget(folder.runnerStamp)
        let result = await compiler.link(objects: objects, output: folder.runner)
        guard result.termination.succeeded else {
            outcome.failureMessage =
                "Your code compiles but could not be linked with the checks: \(CompilerOutput.firstError(result))"
            return outcome
        }
        stamp.record(in: folder.runnerStamp)
        outcome.runner = folder.runner
        return outcome
    }

    // MARK: - Tests

    /// Test files that compile on their own; behaviour checks in the others get a compile error.
    private func compilableTests(
        _ tests: [String], support: [String], includes: [String], outcome: inout Outcome
    ) async -> [String] {
        let compiler = self.compiler
        let results = await concurrentMap(tests, limit: parallelism) { file in
            (
                file,
                await compiler.typecheck(
                    moduleName: SwiftCompiler.hiddenModuleName, files: support + [file], includeDirectories: includes)
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
