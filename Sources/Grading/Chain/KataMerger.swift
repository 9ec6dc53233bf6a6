import DIKataCore
import Foundation

/// Builds kata N+1's package from the learner's kata N (`dikata next --from-mine`): the
/// `MergePlan`, with each text merge done by `git merge-file` through the process runner.
/// On any conflict, or without git, the result is the reference starter(N+1).
public struct KataMerger: Sendable {
    public var runner: any ProcessRunning
    /// The `git` executable, found on PATH by the root; nil when git is not installed.
    public var git: String?
    /// Where the three versions of a file are written for `git merge-file`.
    public var scratch: URL

    public init(runner: any ProcessRunning, git: String?, scratch: URL) {
        self.runner = runner
        self.git = git
        self.scratch = scratch
    }

    /// What the merge made.
    public struct Outcome: Equatable, Sendable {
        /// The package to write: the merge, or the reference starter(N+1) after a conflict.
        public var files: [String: Data]
        /// Files that could not be merged; not empty means `files` is the reference starter.
        public var conflicts: [String]
        /// Why the reference starter was used, when it was.
        public var fallback: String?
        /// Files the learner changed that were carried over (merged or kept).
        public var carried: [String]
    }

    /// Merges the learner's package `learner` (kata `kata`) into kata `next`.
    public func merge(learner: URL, kata: Kata, next: Kata) async -> Outcome {
        let theirs = KataFiles.starter(of: next).contents()
        let base: [String: Data]
        do {
            base = try KataFiles.solution(of: kata).contents()
        } catch {
            return Outcome(
                files: theirs, conflicts: [], fallback: "the solution of \(kata.id) could not be assembled",
                carried: [])
        }
        let ours = Self.learnerFiles(learner)
        guard ours["Package.swift"] != nil else {
            return Outcome(
                files: theirs, conflicts: [], fallback: "\(learner.path) holds no Package.swift to carry over",
                carried: [])
        }
        let readOnly = next.manifest.targets.filter { !$0.editable }.map { "Sources/\($0.name)/" }
        let plan = MergePlan.plan(base: base, ours: ours, theirs: theirs, readOnly: readOnly)
        let pending = plan.pendingMerges
        if !pending.isEmpty && git == nil {
            return Outcome(
                files: theirs, conflicts: pending, fallback: "git is not installed, so changed files cannot be merged",
                carried: [])
        }
        var merges: [String: Data?] = [:]
        for path in pending {
            guard case .merge(let b, let o, let t) = plan.steps[path] else { continue }
            merges[path] = await textMerge(path: path, base: b, ours: o, theirs: t)
        }
        let (files, conflicts) = plan.finished(merges: merges)
        if !conflicts.isEmpty {
            return Outcome(files: theirs, conflicts: conflicts, fallback: "some files conflict", carried: [])
        }
        let carried = files.keys.filter { path in ours[path] != nil && ours[path] != base[path] }.sorted()
        return Outcome(files: files, conflicts: [], fallback: nil, carried: carried)
    }

    /// The learner's package files: build folders and dot-folders (`.git`, `.build`) left out.
    public static func learnerFiles(_ package: URL) -> [String: Data] {
        KataFiles.folder(package).filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.contents()
    }

    /// `git merge-file -p ours base theirs`: the merged text, or nil on a conflict or failure.
    func textMerge(path: String, base: Data, ours: Data, theirs: Data) async -> Data? {
        guard let git else { return nil }
        let folder = scratch.appendingPathComponent("merge-\(ContentHash.of(path).prefix(12))", isDirectory: true)
        let names = ["ours", "base", "theirs"]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, data) in zip(names, [ours, base, theirs]) {
                try data.write(to: folder.appendingPathComponent(name))
            }
        } catch {
            return nil
        }
        let result = await runner.run(
            ProcessRequest(
                executable: git,
                arguments: ["merge-file", "-p", "-L", "yours", "-L", "solution", "-L", "next kata"]
                    + names.map { folder.appendingPathComponent($0).path },
                environment: ["LANG": "C.UTF-8"], timeout: 20, purpose: "merge \(path)"))
        guard result.termination == .exited(0), result.stdout.droppedBytes == 0 else { return nil }
        return Data(result.stdout.text.utf8)
    }

    /// Writes a merged package into `destination` (replacing it).
    public static func write(_ files: [String: Data], to destination: URL) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: destination)
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        for (path, data) in files {
            let target = destination.appendingPathComponent(path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
    }
}
