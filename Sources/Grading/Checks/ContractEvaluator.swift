import DIKataCore
import Foundation

/// `kind: contract`: a hidden Swift file that must compile against the learner's modules.
/// Contracts are compiled with the hidden checks that need the same modules; only when that
/// fails is each probe type-checked alone, so one missing API costs one check.
struct ContractEvaluator: CheckEvaluator {
    var checks: [(check: CheckSpec, rule: String)]
    var compiler: SwiftCompiler
    var parallelism: Int
    /// Where the kata's hidden files were copied (the probes are relative to it).
    var hiddenSources: URL

    init(checks: [CheckSpec], compiler: SwiftCompiler, parallelism: Int, hiddenSources: URL) {
        self.checks = Self.select(checks)
        self.compiler = compiler
        self.parallelism = parallelism
        self.hiddenSources = hiddenSources
    }

    static func rule(of kind: CheckKind) -> String? {
        if case .contract(let probe) = kind { probe } else { nil }
    }

    /// The probes' paths, compiled with the hidden checks.
    var probeFiles: [String] { checks.map { hiddenSources.appendingPathComponent($0.rule).path } }

    /// A contract passes when its hidden-check module compiled with it (`compiled` holds those
    /// probes' paths); each other probe is type-checked alone with the `support` files.
    func evaluate(compiled: Set<String>, support: [String], includes: [String]) async -> [String: CheckEvidence] {
        let compiler = self.compiler
        let jobs = zip(checks.map(\.check.id), probeFiles).map { ($0, $1) }
        let results = await concurrentMap(jobs, limit: parallelism) { id, probe in
            if compiled.contains(probe) { return (id, CheckEvidence(.passed)) }
            let result = await compiler.typecheck(
                moduleName: "ContractProbe", files: support + [probe], includeDirectories: includes)
            if result.termination.succeeded { return (id, CheckEvidence(.passed)) }
            return (id, CheckEvidence(.compileError(CompilerOutput.firstError(result), nil)))
        }
        return Dictionary(results, uniquingKeysWith: { _, new in new })
    }

    static func testCode(_ probe: String, check: CheckSpec, in kata: Kata) -> String? {
        CheckEvaluators.hiddenText(probe, in: kata)
    }
}
