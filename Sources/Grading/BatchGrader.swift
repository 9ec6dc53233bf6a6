import DIKataCore
import Foundation
import Synchronization

/// Grades one submission per subfolder of a folder (e.g. a classroom export), a few at a time.
/// Each submission has its own build folder, so a crash, hang or compile error in one never
/// affects another. Unchanged submissions already in the previous gradebook are not regraded.
public struct BatchGrader: Sendable {
    /// Grades one kata package (live: `Grader.grade`).
    public var gradePackage: @Sendable (Kata, URL) async throws -> Verdict
    public var jobs: Int
    /// The dikata doing the grading: rows graded by another version are graded again.
    public var dikataVersion: String
    /// The grader's own folders (build cache, temporary copies): no row shows a path in them.
    public var graderFolders: [String] = []

    public init(grader: Grader, jobs: Int, dikataVersion: String) {
        self.init(jobs: jobs, dikataVersion: dikataVersion) { kata, package in
            try await grader.grade(kata, package: package)
        }
    }

    public init(
        jobs: Int, dikataVersion: String, gradePackage: @escaping @Sendable (Kata, URL) async throws -> Verdict
    ) {
        self.gradePackage = gradePackage
        self.jobs = max(1, jobs)
        self.dikataVersion = dikataVersion
    }

    /// One submission: its name and the kata package inside it, or why it cannot be graded.
    public struct Submission: Sendable, Equatable {
        public var name: String
        public var package: URL
        /// Set for an entry that is no submission (a hidden folder, a file, a broken zip): its row's error.
        public var problem: String?

        public init(name: String, package: URL, problem: String? = nil) {
            self.name = name
            self.package = package
            self.problem = problem
        }
    }

    /// The visible subfolders of `folder` (no zips): each is a kata package, or a workspace
    /// holding `<kata id>/`, or a folder holding one of those. `BatchEntries` reads every entry.
    public static func submissions(in folder: URL, kataID: String) throws -> [Submission] {
        // An unreadable folder is an error here, not an empty class.
        _ = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return FolderWalk(folder, skipsHidden: true).folders().map { name in
            let directory = folder.appendingPathComponent(name, isDirectory: true)
            return Submission(name: name, package: BatchEntries.package(in: directory, kataID: kataID))
        }
    }

    /// Grades every submission. A `previous` row is reused when the submission's graded files,
    /// the kata and dikata's version are all unchanged, unless `regrade`. `finished` gets each
    /// row as soon as it is known; `progress` gets (done, total). When the task is cancelled,
    /// submissions not yet finished are left out (a half-graded one would be wrong).
    public func grade(
        _ kata: Kata, submissions: [Submission], previous: Gradebook?, regrade: Bool = false,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        finished: @escaping @Sendable (Gradebook.Row) -> Void = { _ in }
    ) async -> Gradebook {
        let reusable = Dictionary(
            (previous?.kata == kata.id && !regrade ? previous?.rows ?? [] : []).map { ($0.submission, $0) },
            uniquingKeysWith: { a, _ in a })
        let total = submissions.count
        let (gradePackage, version, kataHash) = (self.gradePackage, dikataVersion, Self.kataHash(of: kata))
        let folders = graderFolders
        let counter = Counter()
        let rows = await concurrentMap(submissions, limit: jobs) { submission -> Gradebook.Row? in
            guard !Task.isCancelled else { return nil }
            let hash = Self.contentHash(of: submission.package)
            if let old = reusable[submission.name], old.contentHash == hash, old.kataHash == kataHash,
                old.dikataVersion == version, old.verdict != nil
            {
                finished(old)
                progress(counter.increment(), total)
                return old
            }
            var row = Gradebook.Row(
                submission: submission.name, contentHash: hash, verdict: nil, error: nil, kataHash: kataHash,
                dikataVersion: version)
            if let problem = submission.problem {
                row.error = problem
            } else if !FileManager.default.fileExists(
                atPath: submission.package.appendingPathComponent("Package.swift").path)
            {
                row.error = "No Package.swift in \(submission.name) (nor in \(submission.name)/\(kata.id))."
            } else {
                do { row.verdict = try await gradePackage(kata, submission.package) } catch {
                    row.error = "\(error)"
                }
            }
            guard !Task.isCancelled else { return nil }
            row = Self.redacted(row, package: submission.package, graderFolders: folders)
            finished(row)
            progress(counter.increment(), total)
            return row
        }
        return Gradebook(
            kata: kata.id, checks: kata.manifest.checks.map(\.id), rows: rows.compactMap { $0 },
            maxPoints: kata.manifest.maxPoints)
    }

    /// `row` without absolute paths: files in the package are named from its root.
    static func redacted(_ row: Gradebook.Row, package: URL, graderFolders: [String]) -> Gradebook.Row {
        let redaction = PathRedaction(graderFolders: graderFolders, package: package.standardizedFileURL.path)
        var row = row
        row.error = row.error.map { redaction.apply($0, display: { $0 }) }
        row.verdict = row.verdict.map { redaction.apply($0, display: { $0 }) }
        return row
    }

    /// Hash of the files grading reads under `package` (manifests and Swift sources); a README,
    /// a build folder or `.git` changes nothing.
    static func contentHash(of package: URL) -> String {
        var hash = ContentHash()
        for path in FolderWalk(package, skipping: PackageSnapshot.skippedFolders).files()
        where PackageSnapshot.isGraded(path) {
            hash.add(path)
            hash.add(FileManager.default.contents(atPath: package.appendingPathComponent(path).path) ?? Data())
        }
        return hash.hex
    }

    /// Hash of what a kata grades with: kata.yaml (checks, points), the hidden checks (with the
    /// grader's `Expect` support) and the starter with its shared targets (read-only targets are
    /// taken from there).
    static func kataHash(of kata: Kata) -> String {
        var hash = ContentHash()
        hash.add(file: kata.directory.appendingPathComponent("kata.yaml"))
        for path in FolderWalk(kata.hidden).files() {
            hash.add("hidden/" + path)
            hash.add(FileManager.default.contents(atPath: kata.hidden.appendingPathComponent(path).path) ?? Data())
        }
        hash.add(HiddenBuild.expectSupport)
        let starter = KataFiles.starter(of: kata)
        for path in starter.paths {
            hash.add("starter/" + path)
            hash.add(starter.files[path].flatMap { FileManager.default.contents(atPath: $0.path) } ?? Data())
        }
        return hash.hex
    }
}

extension BatchGrader {
    /// What a batch ended with: the rows it finished, and the signal that stopped it early.
    public struct Outcome: Sendable {
        public var gradebook: Gradebook
        public var interruptedBy: Int32?
    }

    /// Grades like `grade(_:submissions:…)` until done or until `interrupts` delivers a
    /// signal; then the submissions being graded are cancelled (which stops their processes,
    /// and only those) and the rows finished so far are returned.
    public func grade(
        _ kata: Kata, submissions: [Submission], previous: Gradebook?, regrade: Bool, interrupts: InterruptSignals,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        finished: @escaping @Sendable (Gradebook.Row) -> Void = { _ in }
    ) async -> Outcome {
        let work = Task {
            await grade(
                kata, submissions: submissions, previous: previous, regrade: regrade, progress: progress,
                finished: finished)
        }
        let signal = await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                _ = await work.value
                return nil
            }
            group.addTask { await interrupts.next() }
            let first = await group.next() ?? nil
            // Cancelled here, or the group would wait for the whole batch.
            if first != nil { work.cancel() }
            group.cancelAll()
            return first
        }
        return Outcome(gradebook: await work.value, interruptedBy: signal)
    }
}

/// Counts finished submissions across concurrent tasks.
final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
