import DIKataCore
import Foundation
import Synchronization

/// Keeps a batch's gradebook on disk while it grows: after every finished submission the
/// gradebook (`.csv` or `.json`) and its state file (`<out>.state.json`, what the next run
/// reuses) are rewritten atomically, so an interrupted batch keeps every row it finished.
public final class GradebookJournal: Sendable {
    public let out: URL
    public let state: URL
    private let kata: String
    private let checks: [String]
    private let maxPoints: Int
    private struct Rows {
        /// Rows finished in this run.
        var finished: [String: Gradebook.Row] = [:]
        /// The state file's rows not graded again yet: kept for the next run.
        var earlier: [String: Gradebook.Row] = [:]
        var failure: String?
    }
    private let rows: Mutex<Rows>

    /// `previous` is the state read at the start (its rows stay in the state until replaced).
    public init(out: URL, kata: Kata, previous: Gradebook?) {
        self.out = out
        state = out.appendingPathExtension("state.json")
        self.kata = kata.id
        checks = kata.manifest.checks.map(\.id)
        maxPoints = kata.manifest.maxPoints
        var start = Rows()
        if previous?.kata == kata.id {
            for row in previous?.rows ?? [] { start.earlier[row.submission] = row }
        }
        rows = Mutex(start)
    }

    /// The state a previous run left next to `out`, if it can be read.
    public static func previousState(of out: URL) -> Gradebook? {
        let state = out.appendingPathExtension("state.json")
        return (try? String(contentsOf: state, encoding: .utf8)).flatMap { try? Gradebook.decode(json: $0) }
    }

    /// Adds a finished row and writes both files.
    public func record(_ row: Gradebook.Row) {
        rows.withLock { rows in
            rows.finished[row.submission] = row
            rows.earlier[row.submission] = nil
            write(&rows)
        }
    }

    /// Writes both files as they stand (also when nothing finished); throws the first write failure.
    public func flush() throws(GradingError) {
        let failure = rows.withLock { rows in
            write(&rows)
            return rows.failure
        }
        if let failure { throw .configuration(failure) }
    }

    /// The gradebook of the rows finished in this run.
    public var gradebook: Gradebook {
        rows.withLock { Gradebook(kata: kata, checks: checks, rows: Array($0.finished.values), maxPoints: maxPoints) }
    }

    private func write(_ rows: inout Rows) {
        let book = Gradebook(kata: kata, checks: checks, rows: Array(rows.finished.values), maxPoints: maxPoints)
        let kept = Gradebook(
            kata: kata, checks: checks, rows: Array(rows.finished.values) + rows.earlier.values, maxPoints: maxPoints)
        do {
            let text = out.pathExtension == "csv" ? book.csv() : book.json()
            try Data(text.utf8).write(to: out, options: .atomic)
            try Data(kept.json().utf8).write(to: state, options: .atomic)
        } catch {
            rows.failure = rows.failure ?? "Cannot write the gradebook \(out.path): \(error.localizedDescription)"
        }
    }
}
