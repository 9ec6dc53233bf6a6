import DIKataCore
import Foundation
import Synchronization

/// Grades one submission per subfolder of a folder (e.g. a classroom export), a few at a time.
/// Each submission has its own build folder, so a crash, hang or compile error in one never
/// affects another. Unchanged submissions already in the previous gradebook are not regraded.
public struct BatchGrader: Sendable {
    public var grader: Grader
    public var jobs: Int

    public init(grader: Grader, jobs: Int) {
        self.grader = grader
        self.jobs = max(1, jobs)
    }

    /// One submission: its name and the kata package inside it.
    public struct Submission: Sendable, Equatable {
        public var name: String
        public var package: URL
    }

    /// Subfolders of `folder`; each is a kata package, or a workspace holding `<kata id>/`.
    public static func submissions(in folder: URL, kataID: String) throws -> [Submission] {
        let fileManager = FileManager.default
        // An unreadable folder is an error here, not an empty class.
        _ = try fileManager.contentsOfDirectory(atPath: folder.path)
        return FolderWalk(folder, skipsHidden: true).folders().map { name in
            let directory = folder.appendingPathComponent(name, isDirectory: true)
            let nested = directory.appendingPathComponent(kataID, isDirectory: true)
            let package =
                fileManager.fileExists(atPath: nested.appendingPathComponent("Package.swift").path) ? nested : directory
            return Submission(name: name, package: package)
        }
    }

    /// Grades every submission; `previous` rows with the same content hash are reused.
    /// `progress` is called after each submission with (done, total).
    public func grade(
        _ kata: Kata, submissions: [Submission], previous: Gradebook?,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async -> Gradebook {
        let reusable = Dictionary(
            (previous?.kata == kata.id ? previous?.rows ?? [] : []).map { ($0.submission, $0) },
            uniquingKeysWith: { a, _ in a })
        let total = submissions.count
        let grader = self.grader
        let counter = Counter()
        let rows = await concurrentMap(submissions, limit: jobs) { submission -> Gradebook.Row in
            let hash = Self.contentHash(of: submission.package)
            defer { progress(counter.increment(), total) }
            if let old = reusable[submission.name], old.contentHash == hash, old.verdict != nil { return old }
            guard
                FileManager.default.fileExists(atPath: submission.package.appendingPathComponent("Package.swift").path)
            else {
                return Gradebook.Row(
                    submission: submission.name, contentHash: hash, verdict: nil,
                    error: "No Package.swift in \(submission.name) (nor in \(submission.name)/\(kata.id)).")
            }
            do {
                let verdict = try await grader.grade(kata, package: submission.package)
                return Gradebook.Row(submission: submission.name, contentHash: hash, verdict: verdict, error: nil)
            } catch {
                return Gradebook.Row(submission: submission.name, contentHash: hash, verdict: nil, error: "\(error)")
            }
        }
        return Gradebook(kata: kata.id, checks: kata.manifest.checks.map(\.id), rows: rows)
    }

    /// Hash of every file's path and content under `package` (build folders and `.git` skipped).
    static func contentHash(of package: URL) -> String {
        var hash = ContentHash()
        for path in FolderWalk(package, skipping: [".build", ".git"]).files() {
            hash.add(path)
            hash.add(FileManager.default.contents(atPath: package.appendingPathComponent(path).path) ?? Data())
        }
        return hash.hex
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
