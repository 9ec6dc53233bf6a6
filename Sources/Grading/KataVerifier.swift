import DIKataCore
import Foundation

/// `dikata dev check`: proves a kata is sound. The starter compiles and fails its key checks,
/// the solution and every alternative solution pass every check, each known-bad variant fails
/// what it claims to, and every check is failed by at least one of them (so none is vacuous).
public struct KataVerifier: Sendable {
    public var grader: Grader
    /// Where packages are assembled (a scratch folder, never the workspace).
    public var scratch: URL

    public init(grader: Grader, scratch: URL) {
        self.grader = grader
        self.scratch = scratch
    }

    public struct Report: Sendable {
        public struct Variant: Sendable {
            public var manifest: VariantManifest
            public var verdict: Verdict
        }

        public var kata: Kata
        public var starter: Verdict
        public var solution: Verdict
        public var variants: [Variant]
        /// Everything that is wrong with the kata; empty when it is sound.
        public var problems: [String]

        public var isSound: Bool { problems.isEmpty }
    }

    public func verify(_ kata: Kata) async throws(GradingError) -> Report {
        let variants: [(VariantManifest, URL)]
        do {
            variants = try KataPackage.variants(of: kata)
        } catch let error as ManifestError {
            throw .kata(error)
        } catch {
            throw .internal("could not read the variants of \(kata.id): \(error)")
        }
        // The versions take turns in one graded folder (``grade(_:name:overlays:removing:)``): a
        // second verification of the kata in the same scratch folder, say a `dev check` in another
        // terminal, waits for this one rather than lay its versions under this one's grades.
        let lock = try await GradeLock.acquire(
            scratch.appendingPathComponent("\(kata.id).lock"), pause: grader.pause, waiting: {})
        defer { lock.release() }
        let starter = try await grade(kata, name: "starter", overlays: [])
        let solution = try await grade(kata, name: "solution", overlays: [kata.solution])
        var graded: [Report.Variant] = []
        for (manifest, folder) in variants {
            let verdict = try await grade(
                kata, name: "variant-\(manifest.name)", overlays: [kata.solution, folder], removing: manifest.remove)
            graded.append(Report.Variant(manifest: manifest, verdict: verdict))
        }
        // The readings the kata ships for its manifests stand in for SwiftPM on a first grade:
        // read every manifest again and compare.
        let (fresh, unread) = await grader.readShippedManifests(of: kata, in: scratch)
        return Report(
            kata: kata, starter: starter, solution: solution, variants: graded,
            problems: Self.problems(kata: kata, starter: starter, solution: solution, variants: graded) + unread
                + KnownManifests.problems(stored: .stored(for: kata), fresh: fresh, kata: kata))
    }

    /// Assembles one version of the kata in a folder of its own (`<scratch>/<kata>/<name>`, kept
    /// for a look or a `swift build`), and grades it in the kata's one graded folder
    /// (`<scratch>/<kata>/graded`), where every version is laid in turn. The grader keeps one
    /// build folder per package folder, so each version rebuilds only what differs from the one
    /// graded before it, as after a learner's edit; every verdict is still the whole of its
    /// version's (no stale build is ever graded: `RebuildScopeTests`), and the library's versions
    /// make about two hundred such edits for the verifier's rules to check.
    private func grade(
        _ kata: Kata, name: String, overlays: [URL], removing remove: [String] = []
    ) async throws(GradingError) -> Verdict {
        let package = scratch.appendingPathComponent("\(kata.id)/\(name)", isDirectory: true)
        let graded = scratch.appendingPathComponent("\(kata.id)/graded", isDirectory: true)
        do {
            let files = try KataPackage.files(of: kata, overlays: overlays, removing: remove)
            try files.write(to: package)
            try files.write(to: graded)
        } catch {
            throw .internal("could not assemble the \(name) of \(kata.id): \(error.localizedDescription)")
        }
        return try await grader.grade(kata, package: graded)
    }

    /// The rules of a sound kata, applied to the verdicts. Pure.
    static func problems(kata: Kata, starter: Verdict, solution: Verdict, variants: [Report.Variant]) -> [String] {
        var problems: [String] = []
        for problem in starter.problems { problems.append("The starter has a package problem: \(problem)") }
        if let broken = starter.checks.first(where: { $0.message?.hasPrefix("Your code does not compile") == true }) {
            problems.append("The starter does not compile: \(broken.message ?? "")")
        }
        if kata.manifest.keyChecks.isEmpty {
            problems.append("kata.yaml lists no key_checks: name the checks the starter must fail.")
        }
        for id in kata.manifest.keyChecks where starter.check(id)?.status == .passed {
            problems.append("The starter passes the key check \(id); it should fail it.")
        }
        for problem in solution.problems { problems.append("The solution has a package problem: \(problem)") }
        for check in solution.checks where check.status != .passed {
            problems.append("The solution does not pass \(check.id) [\(check.status.rawValue)]: \(check.message ?? "")")
        }
        for variant in variants where variant.manifest.passesEveryCheck {
            for problem in variant.verdict.problems {
                problems.append("The alternative solution \(variant.manifest.name) has a package problem: \(problem)")
            }
            for check in variant.verdict.checks where check.status != .passed {
                problems.append(
                    "The alternative solution \(variant.manifest.name) does not pass \(check.id) [\(check.status.rawValue)]: \(check.message ?? "")"
                )
            }
        }
        for variant in variants {
            for id in variant.manifest.fails where variant.verdict.check(id)?.status == .passed {
                problems.append(
                    "Variant \(variant.manifest.name) passes \(id), which it should fail: \(variant.manifest.description)"
                )
            }
            // Named by outcome: a variant lists every check it fails, so none fails unnoticed.
            for check in variant.verdict.checks
            where !variant.manifest.passesEveryCheck && check.status != .passed
                && !variant.manifest.fails.contains(check.id)
            {
                problems.append(
                    "Variant \(variant.manifest.name) also fails \(check.id) [\(check.status.rawValue)], which its variant.yaml does not list: list it in `fails`, or make the variant fail only what it names."
                )
            }
        }
        for check in kata.manifest.checks {
            // A behaviour check that only failed because nothing compiled proves nothing about
            // the check itself; a contract probe can only ever fail by not compiling.
            func catches(_ verdict: Verdict) -> Bool {
                guard let status = verdict.check(check.id)?.status, status != .passed else { return false }
                if case .contract = check.kind { return true }
                if case .isolatedContract = check.kind { return true }
                return status != .compileError && status != .notRun
            }
            let caught =
                catches(starter)
                || variants.contains { $0.manifest.fails.contains(check.id) && catches($0.verdict) }
            if !caught {
                problems.append(
                    "No known-bad version fails \(check.id): add a variant that it catches, or it may be vacuous.")
            }
        }
        return problems
    }
}
