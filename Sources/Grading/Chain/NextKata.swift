import DIKataCore
import Foundation

/// `dikata next`: which kata the learner moves on to, and making its folder. Without
/// `fromMine` a missing folder is made from the reference starter; with it, the folder is
/// built from the learner's own passing kata plus the next kata's delta (`KataMerger`).
/// A folder with the learner's edits is backed up before it is replaced.
public struct NextKata: Sendable {
    public var workspace: Workspace
    public var merger: KataMerger
    public var now: @Sendable () -> Date

    public init(workspace: Workspace, merger: KataMerger, now: @escaping @Sendable () -> Date) {
        self.workspace = workspace
        self.merger = merger
        self.now = now
    }

    /// The move: the kata moved on from (nil when none has passed) and the next one (nil when
    /// the track is finished).
    public struct Choice: Equatable, Sendable {
        public var from: String?
        public var next: String?

        public init(from: String?, next: String?) {
            self.from = from
            self.next = next
        }
    }

    /// From the current kata when it passed, else from the last passed kata in learning order;
    /// to the first kata when none has passed. Pure.
    public static func choose(progress: LearnerProgress, catalog: Catalog) -> Choice {
        let order = catalog.orderedKataIDs
        let passed = { (id: String) in progress.katas[id]?.passed == true }
        let from = progress.current.flatMap { passed($0) && order.contains($0) ? $0 : nil } ?? order.last(where: passed)
        guard let from else { return Choice(from: nil, next: order.first) }
        return Choice(from: from, next: catalog.kata(after: from))
    }

    /// What `move` did.
    public struct Report: Equatable, Sendable {
        public var kata: String
        public var folder: URL
        /// The folder was made (false: it was there and left as it was).
        public var created: Bool
        /// Where the learner's previous files went, when they were replaced.
        public var backup: URL?
        /// The merge, with `fromMine`.
        public var merge: KataMerger.Outcome?
    }

    /// Makes sure `next`'s folder exists; with `fromMine`, rebuilds it from the learner's `from`.
    public func move(to next: Kata, from previous: Kata?, fromMine: Bool) async throws -> Report {
        let folder = workspace.packageDirectory(for: next.id)
        let exists = FileManager.default.fileExists(atPath: folder.path)
        guard fromMine, let previous else {
            if !exists { try workspace.copyStarter(of: next, to: folder) }
            return Report(kata: next.id, folder: folder, created: !exists, backup: nil, merge: nil)
        }
        let outcome: KataMerger.Outcome
        if next.delta?.from == previous.id {
            outcome = await merger.merge(
                learner: workspace.packageDirectory(for: previous.id), kata: previous, next: next)
        } else {
            outcome = KataMerger.Outcome(
                files: KataFiles.starter(of: next).contents(), conflicts: [],
                fallback: "\(next.id) has no delta from \(previous.id), so there is nothing to carry over",
                carried: [])
        }
        var backup: URL?
        if exists && KataMerger.learnerFiles(folder) != KataFiles.starter(of: next).contents() {
            backup = try workspace.backup(next.id, at: now())
        }
        try KataMerger.write(outcome.files, to: folder)
        return Report(kata: next.id, folder: folder, created: true, backup: backup, merge: outcome)
    }
}
