import DIKataCore
import Foundation

/// Builds the kata's hidden checks against the learner's modules: the Swift Testing tests and
/// contract probes as one module (the fast path), each probe and test file alone when that
/// fails (so one missing API costs one check), and the negative probes, which must not compile.
struct HiddenBuild {
    let session: GradingSession
    let locator: SourceLocator

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

    private var folder: BuildFolder { session.folder }
    private var compiler: SwiftCompiler { session.compiler }
    private var checks: [CheckSpec] { session.kata.manifest.checks }

    func build(modules: [String], interfaceHash: String) async -> Outcome {
        folder.link(modules: modules, into: folder.modules)
        let includes = [folder.modules.path]
        let support = files(in: "support")
        let tests = files(in: "tests")
        let contracts = checks.compactMap { check -> (CheckSpec, String)? in
            if case .contract(let probe) = check.kind { return (check, path(probe)) }
            return nil
        }
        async let negatives = negativeEvidence(interfaceHash: interfaceHash, includes: includes)

        var outcome = Outcome()
        let hasBehaviour = checks.contains { if case .behaviour = $0.kind { true } else { false } }
        let main = folder.root.appendingPathComponent("checks/main.swift")
        folder.write(Self.entryPoint, to: main)

        var hash = ContentHash()
        hash.add("hidden-v3 \(interfaceHash) \(SwiftCompiler.hiddenFlags.joined(separator: " "))")
        for file in support + tests + contracts.map(\.1) { hash.add(file: URL(fileURLWithPath: file)) }
        let stamp = hash.hex
        let upToDate =
            folder.read(folder.hiddenStamp) == stamp && FileManager.default.fileExists(atPath: folder.hiddenObject.path)

        var compiled = upToDate
        if !upToDate {
            try? FileManager.default.removeItem(at: folder.hiddenStamp)
            let all = support + tests + contracts.map(\.1) + (hasBehaviour ? [main.path] : [])
            let result = await compiler.compileModule(
                name: SwiftCompiler.hiddenModuleName, files: all, includeDirectories: includes,
                object: folder.hiddenObject, module: nil, isExecutable: false, hasTopLevelCode: false,
                settings: SwiftCompiler.hiddenFlags)
            compiled = result.termination.succeeded
            if compiled { folder.write(stamp, to: folder.hiddenStamp) }
        }
        if compiled {
            for (check, _) in contracts { outcome.evidence[check.id] = CheckEvidence(.passed) }
        } else {
            // Slow path: find out exactly which probes and test files the learner's API breaks.
            for (id, evidence) in await probeEvidence(contracts, support: support, includes: includes) {
                outcome.evidence[id] = evidence
            }
            let usable = await compilableTests(tests, support: support, includes: includes, outcome: &outcome)
            if hasBehaviour {
                let result = await compiler.compileModule(
                    name: SwiftCompiler.hiddenModuleName, files: support + usable + [main.path],
                    includeDirectories: includes, object: folder.hiddenObject, module: nil, isExecutable: false,
                    hasTopLevelCode: false, settings: SwiftCompiler.hiddenFlags)
                guard result.termination.succeeded else {
                    outcome.failureMessage = "The hidden checks do not compile against your code: \(firstError(result))"
                    outcome.evidence.merge(await negatives) { old, _ in old }
                    return outcome
                }
            }
        }
        outcome.evidence.merge(await negatives) { old, _ in old }
        guard hasBehaviour else { return outcome }
        return await link(modules: modules, into: outcome)
    }

    // MARK: - Linking

    private func link(modules: [String], into outcome: Outcome) async -> Outcome {
        var outcome = outcome
        let objects = [folder.hiddenObject.path] + modules.map { folder.object($0).path }
        var hash = ContentHash()
        for object in objects { hash.add(file: URL(fileURLWithPath: object)) }
        if folder.read(folder.runnerStamp) == hash.hex && FileManager.default.fileExists(atPath: folder.runner.path) {
            outcome.runner = folder.runner
            return outcome
        }
        try? FileManager.default.removeItem(at: folder.runnerStamp)
        let result = await compiler.link(objects: objects, output: folder.runner)
        guard result.termination.succeeded else {
            outcome.failureMessage = "Your code compiles but could not be linked with the checks: \(firstError(result))"
            return outcome
        }
        folder.write(hash.hex, to: folder.runnerStamp)
        outcome.runner = folder.runner
        return outcome
    }

    // MARK: - Probes

    private func probeEvidence(
        _ contracts: [(CheckSpec, String)], support: [String], includes: [String]
    ) async -> [(String, CheckEvidence)] {
        let compiler = self.compiler
        return await concurrentMap(contracts, limit: session.environment.parallelism) { check, probe in
            let result = await compiler.typecheck(
                moduleName: "ContractProbe", files: support + [probe], includeDirectories: includes)
            if result.termination.succeeded { return (check.id, CheckEvidence(.passed)) }
            return (check.id, CheckEvidence(.compileError(Self.describeFirstError(result), nil)))
        }
    }

    private func negativeEvidence(interfaceHash: String, includes: [String]) async -> [String: CheckEvidence] {
        // Negative probes must fail to compile; isolated contracts (nil `expect`, marked below)
        // must compile. Both are type-checked alone, seeing only what they import.
        let negatives = checks.compactMap { check -> (CheckSpec, String, String?)? in
            if case .negative(let probe, let expect) = check.kind { return (check, path(probe), expect) }
            if case .isolatedContract(let probe) = check.kind { return (check, path(probe), nil) }
            return nil
        }
        guard !negatives.isEmpty else { return [:] }
        var cache = loadProbeCache()
        var evidence: [String: CheckEvidence] = [:]
        var pending: [(CheckSpec, String, String?, String)] = []
        for (check, probe, expect) in negatives {
            var hash = ContentHash()
            hash.add(
                "negative-v3 \(check.kind.name) \(interfaceHash) \(expect ?? "") \(SwiftCompiler.hiddenFlags.joined(separator: " "))"
            )
            hash.add(file: URL(fileURLWithPath: probe))
            if let cached = cache[hash.hex] {
                evidence[check.id] = CheckEvidence(cached.passed ? .passed : .failed(cached.message, nil))
            } else {
                pending.append((check, probe, expect, hash.hex))
            }
        }
        let compiler = self.compiler
        let results = await concurrentMap(pending, limit: session.environment.parallelism) {
            check, probe, expect, key in
            let result = await compiler.typecheck(
                moduleName: "NegativeProbe", files: [probe], includeDirectories: includes)
            let errors = CompilerDiagnostic.errors(in: result.stderr.text)
            let entry: ProbeCacheEntry
            if case .isolatedContract = check.kind {
                entry =
                    result.termination.succeeded
                    ? ProbeCacheEntry(passed: true, message: "")
                    : ProbeCacheEntry(passed: false, message: Self.describeFirstError(result))
            } else if result.termination.succeeded {
                entry = ProbeCacheEntry(
                    passed: false, message: "Code that should be rejected by the compiler still compiles.")
            } else if result.termination == .timedOut {
                entry = ProbeCacheEntry(passed: false, message: "The compiler did not finish checking this in time.")
            } else if let expect, !errors.contains(where: { $0.message.contains(expect) }) {
                let found = errors.first?.message ?? "no error message"
                entry = ProbeCacheEntry(
                    passed: false, message: "The compiler rejects it, but for another reason: \(found)")
            } else {
                entry = ProbeCacheEntry(passed: true, message: "")
            }
            return (check.id, key, entry)
        }
        for (id, key, entry) in results {
            cache[key] = entry
            let isolated = checks.contains { if case .isolatedContract = $0.kind { $0.id == id } else { false } }
            evidence[id] = CheckEvidence(
                entry.passed ? .passed : isolated ? .compileError(entry.message, nil) : .failed(entry.message, nil))
        }
        saveProbeCache(cache)
        return evidence
    }

    /// Test files that compile on their own; behaviour checks in the others get a compile error.
    private func compilableTests(
        _ tests: [String], support: [String], includes: [String], outcome: inout Outcome
    ) async -> [String] {
        let compiler = self.compiler
        let results = await concurrentMap(tests, limit: session.environment.parallelism) { file in
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
            let message = "This check does not compile against your code yet: \(Self.describeFirstError(result))"
            for check in checks {
                guard case .behaviour(let test) = check.kind, outcome.evidence[check.id] == nil else { continue }
                let name = test.split(separator: "/").last.map(String.init) ?? test
                if text.contains("func \(name)(") {
                    outcome.evidence[check.id] = CheckEvidence(.compileError(message, nil))
                }
            }
        }
        return usable
    }

    // MARK: - Helpers

    private func files(in folderName: String) -> [String] {
        let directory = folder.hiddenSources.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    private func path(_ relative: String) -> String {
        folder.hiddenSources.appendingPathComponent(relative).path
    }

    private func firstError(_ result: ProcessResult) -> String { Self.describeFirstError(result) }

    /// The first compiler error without the hidden file's path (the learner never sees hidden sources).
    static func describeFirstError(_ result: ProcessResult) -> String {
        if result.termination == .timedOut { return "the compiler did not finish in time." }
        if let first = CompilerDiagnostic.errors(in: result.stderr.text + "\n" + result.stdout.text).first {
            return first.message
        }
        return GradingSession.firstLines(result.combinedOutput, 2)
    }

    struct ProbeCacheEntry: Codable {
        var passed: Bool
        var message: String
    }

    private func loadProbeCache() -> [String: ProbeCacheEntry] {
        guard let data = FileManager.default.contents(atPath: folder.probeCache.path),
            let cache = try? JSONDecoder().decode([String: ProbeCacheEntry].self, from: data)
        else { return [:] }
        return cache
    }

    private func saveProbeCache(_ cache: [String: ProbeCacheEntry]) {
        guard let data = try? JSONEncoder().encode(cache) else { return }
        try? data.write(to: folder.probeCache, options: .atomic)
    }
}
