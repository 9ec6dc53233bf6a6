import DIKataCore
import Foundation

/// Refuses learner code that could forge, read or outlast a grade, before any of it runs:
/// the symbols each compiled learner target uses (`SymbolPolicy`) and what its sources name
/// (`SourcePolicy`). The kata's read-only targets are the kata's own code and are not checked.
struct CodeSafety {
    /// Reads the symbols of the compiled targets.
    var symbols: SymbolReader
    var folder: BuildFolder
    /// What the kata allows beyond the defaults (`allowed_apis` in kata.yaml).
    var allowed: [String]

    enum Outcome {
        case clean
        case refused([Refusal])
        /// The symbol tools failed: nothing may run, and the learner is not to blame.
        case unreadable(String)
    }

    /// Parses the learner's source files (all but read-only targets'): started before the
    /// compiler runs, so a grade does not wait for it.
    func parseSources(_ snapshot: PackageSnapshot, readOnly: Set<String>) async -> [String: [SourceUse]] {
        let paths = snapshot.files.keys.filter { path in
            path.hasSuffix(".swift") && path != "Package.swift"
                && !readOnly.contains { path.hasPrefix("Sources/\($0)/") }
        }
        var result: [String: [SourceUse]] = [:]
        for path in paths { result[path] = sourceUses(in: path, snapshot: snapshot) }
        return result
    }

    func check(
        _ built: [LearnerBuild.Built], snapshot: PackageSnapshot, parsed: [String: [SourceUse]]
    ) async -> Outcome {
        let learner = built.filter { !$0.isReadOnly }
        guard !learner.isEmpty else { return .clean }
        let objects = learner.map { folder.object($0.name) }
        let contents: [URL: ObjectContents]
        switch await symbols.read(objects) {
        case .success(let value): contents = value
        case .failure(let failure):
            return .unreadable("dikata could not read your compiled code with \(failure.tool): \(failure.output)")
        }
        let symbolPolicy = SymbolPolicy(packageModules: Set(built.map(\.name)), allowed: allowed)
        let sourcePolicy = SourcePolicy(allowed: allowed)
        var refusals: [Refusal] = []
        for target in learner {
            let uses = target.files.flatMap { parsed[$0] ?? sourceUses(in: $0, snapshot: snapshot) }
            refusals += sourcePolicy.refusals(target: target.name, isExecutable: target.isExecutable, uses: uses)
            guard let object = contents[folder.object(target.name)] else {
                return .unreadable("dikata could not read the compiled code of \(target.name).")
            }
            for refusal in symbolPolicy.refusals(
                target: target.name, isExecutable: target.isExecutable, contents: object)
            where !(target.isExecutable && sourcePolicy.isEntryOnly(refusal, in: uses)) {
                refusals.append(sourcePolicy.locate(refusal, in: uses))
            }
        }
        // One refusal per place and reason: `FileManager` and `FileManager.default` are one use.
        var seen: Set<String> = []
        refusals = refusals.filter { refusal in
            guard let location = refusal.location else { return true }
            return seen.insert("\(location) \(refusal.reason.rawValue)").inserted
        }
        return refusals.isEmpty ? .clean : .refused(refusals)
    }

    /// Parsed uses of one file (one parse per file content, shared with the other checks).
    private func sourceUses(in path: String, snapshot: PackageSnapshot) -> [SourceUse] {
        ParsedSources(folder: folder).uses(path, text: snapshot.files[path] ?? "")
    }
}
