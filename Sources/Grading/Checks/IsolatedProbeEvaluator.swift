import DIKataCore
import Foundation

/// `kind: negative` (a hidden file that must *fail* to compile, with `expect` in the error)
/// and `kind: contract` with `isolated: true` (one that must compile seeing only the modules it
/// imports). Each is type-checked alone; the answer is cached until the learner's module
/// interfaces or the probe change.
struct IsolatedProbeEvaluator: CheckEvaluator {
    struct Rule: Sendable {
        var probe: String
        /// A substring the compiler's error must contain (negative probes).
        var expect: String?
        /// An isolated contract, which must compile; a negative probe must not.
        var mustCompile: Bool
    }

    /// One probe's answer, as cached.
    struct Answer: Codable, Sendable {
        var passed: Bool
        var message: String
    }

    var checks: [(check: CheckSpec, rule: Rule)]
    var compiler: SwiftCompiler
    var parallelism: Int
    var hiddenSources: URL
    /// Probe stamp → answer, as one table.
    var cache: BuildCache<[String: Answer]>

    static let cacheKey = "negative-probes"

    init(
        checks: [CheckSpec], compiler: SwiftCompiler, parallelism: Int, hiddenSources: URL,
        cache: BuildCache<[String: Answer]>
    ) {
        self.checks = Self.select(checks)
        self.compiler = compiler
        self.parallelism = parallelism
        self.hiddenSources = hiddenSources
        self.cache = cache
    }

    static func rule(of kind: CheckKind) -> Rule? {
        switch kind {
        case .negative(let probe, let expect): Rule(probe: probe, expect: expect, mustCompile: false)
        case .isolatedContract(let probe): Rule(probe: probe, expect: nil, mustCompile: true)
        default: nil
        }
    }

    /// `interfaceHash` stands for every learner module the probes may import from `includes`.
    func evaluate(interfaceHash: String, includes: [String]) async -> [String: CheckEvidence] {
        guard !checks.isEmpty else { return [:] }
        var answers = cache[Self.cacheKey] ?? [:]
        var evidence: [String: CheckEvidence] = [:]
        var pending: [(id: String, rule: Rule, probe: String, key: String)] = []
        for (check, rule) in checks {
            let probe = hiddenSources.appendingPathComponent(rule.probe)
            var stamp = BuildStamp(
                "negative-v3 \(check.kind.name) \(interfaceHash) \(rule.expect ?? "") \(SwiftCompiler.hiddenFlags.joined(separator: " "))"
            )
            stamp.add(file: probe)
            if let answer = answers[stamp.key] {
                evidence[check.id] = Self.evidence(answer, rule: rule)
            } else {
                pending.append((check.id, rule, probe.path, stamp.key))
            }
        }
        let compiler = self.compiler
        let results = await concurrentMap(pending, limit: parallelism) { job in
            let result = await compiler.typecheck(
                moduleName: "NegativeProbe", files: [job.probe], includeDirectories: includes)
            return (job, Self.answer(result, rule: job.rule))
        }
        for (job, answer) in results {
            answers[job.key] = answer
            evidence[job.id] = Self.evidence(answer, rule: job.rule)
        }
        cache.store(answers, as: Self.cacheKey)
        return evidence
    }

    private static func answer(_ result: ProcessResult, rule: Rule) -> Answer {
        if rule.mustCompile {
            return result.termination.succeeded
                ? Answer(passed: true, message: "") : Answer(passed: false, message: CompilerOutput.firstError(result))
        }
        if result.termination.succeeded {
            return Answer(passed: false, message: "Code that should be rejected by the compiler still compiles.")
        }
        if result.termination == .timedOut {
            return Answer(passed: false, message: "The compiler did not finish checking this in time.")
        }
        let errors = CompilerDiagnostic.errors(in: result.stderr.text)
        if let expect = rule.expect, !errors.contains(where: { $0.message.contains(expect) }) {
            let found = errors.first?.message ?? "no error message"
            return Answer(passed: false, message: "The compiler rejects it, but for another reason: \(found)")
        }
        return Answer(passed: true, message: "")
    }

    private static func evidence(_ answer: Answer, rule: Rule) -> CheckEvidence {
        if answer.passed { return CheckEvidence(.passed) }
        return CheckEvidence(rule.mustCompile ? .compileError(answer.message, nil) : .failed(answer.message, nil))
    }

    static func testCode(_ rule: Rule, check: CheckSpec, in kata: Kata) -> String? {
        CheckEvaluators.hiddenText(rule.probe, in: kata)
    }
}
