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
    /// The running dikata (``GradingEnvironment/graderBuild``): refusals one build of the
    /// policy decided are never reused by another.
    var graderBuild: String

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
            path.hasSuffix(".swift") && path != "Package.swift" && !ManifestReader.isVersionedManifest(path)
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
        let packageModules = Set(built.map(\.name))
        // The symbol policy's refusals for an object are a function of its contents, the
        // package's modules, what the kata allows and dikata's own build: an object unchanged
        // since the last grade (a body edit elsewhere) is not judged again.
        var decided: [String: [Refusal]] = [:]
        var decisionKeys: [String: String] = [:]
        var unread: [(URL, String)] = []
        for target in learner {
            let object = folder.object(target.name)
            let key = SymbolReader.key(of: object)
            let decision = Self.decisionKey(
                object: key, target: target, packageModules: packageModules, allowed: allowed,
                graderBuild: graderBuild)
            if let known = decisions[decision] {
                decided[target.name] = known
            } else {
                decisionKeys[target.name] = decision
                unread.append((object, key))
            }
        }
        let contents: [URL: ObjectContents]
        switch await symbols.read(keyed: unread) {
        case .success(let value): contents = value
        case .failure(let failure):
            return .unreadable("dikata could not read your compiled code with \(failure.tool): \(failure.output)")
        }
        let symbolPolicy = SymbolPolicy(packageModules: packageModules, allowed: allowed)
        let sourcePolicy = SourcePolicy(allowed: allowed)
        var refusals: [Refusal] = []
        for target in learner {
            let uses = target.files.flatMap { parsed[$0] ?? sourceUses(in: $0, snapshot: snapshot) }
            refusals += sourcePolicy.refusals(target: target.name, isExecutable: target.isExecutable, uses: uses)
            let objectRefusals: [Refusal]
            if let known = decided[target.name] {
                objectRefusals = known
            } else if let decision = decisionKeys[target.name], let read = contents[folder.object(target.name)] {
                objectRefusals = symbolPolicy.refusals(
                    target: target.name, isExecutable: target.isExecutable, contents: read)
                decisions.store(objectRefusals, as: decision)
            } else {
                return .unreadable("dikata could not read the compiled code of \(target.name).")
            }
            for refusal in objectRefusals
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

    /// Where the symbol policy's refusals are kept, by ``decisionKey(object:target:packageModules:allowed:graderBuild:)``.
    private var decisions: BuildCache<[Refusal]> {
        .json(folder.root.appendingPathComponent("refusals", isDirectory: true))
    }

    /// Everything the symbol policy's refusals for one object depend on.
    static func decisionKey(
        object: String, target: LearnerBuild.Built, packageModules: Set<String>, allowed: [String],
        graderBuild: String
    ) -> String {
        var stamp = BuildStamp("refusals-v1")
        for part in [graderBuild, object, target.name, target.isExecutable ? "executable" : "library"] {
            stamp.add(part)
        }
        for module in packageModules.sorted() { stamp.add(module) }
        stamp.add("allowed")
        for entry in allowed { stamp.add(entry) }
        return stamp.key
    }

    /// Parsed uses of one file (one parse per file content, shared with the other checks).
    private func sourceUses(in path: String, snapshot: PackageSnapshot) -> [SourceUse] {
        ParsedSources(folder: folder).uses(path, text: snapshot.files[path] ?? "")
    }
}
