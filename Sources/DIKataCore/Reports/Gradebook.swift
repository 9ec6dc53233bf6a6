import Foundation

/// The result of grading many submissions of one kata (`dikata grade-batch`): one row per
/// submission, with the per-check statuses, in a CSV or JSON file.
public struct Gradebook: Codable, Equatable, Sendable {
    public struct Row: Codable, Equatable, Sendable {
        /// The submission folder's name (usually the student).
        public var submission: String
        /// Hash of the submission's graded files; an unchanged submission is not graded again.
        public var contentHash: String
        /// The verdict, or nil when the submission could not be graded at all.
        public var verdict: Verdict?
        /// Why the submission could not be graded.
        public var error: String?
        /// Hash of what the kata grades with (kata.yaml, hidden checks, starter and shared
        /// targets): a changed kata regrades every submission.
        public var kataHash: String?
        /// The dikata that graded the row: another version regrades it.
        public var dikataVersion: String?

        public init(
            submission: String, contentHash: String, verdict: Verdict?, error: String?, kataHash: String? = nil,
            dikataVersion: String? = nil
        ) {
            self.submission = submission
            self.contentHash = contentHash
            self.verdict = verdict
            self.error = error
            self.kataHash = kataHash
            self.dikataVersion = dikataVersion
        }
    }

    public var kata: String
    public var checks: [String]
    public var rows: [Row]
    /// The kata's maximum score: an error row scores 0 of it. Absent in gradebooks written before it.
    public var maxPoints: Int?

    public init(kata: String, checks: [String], rows: [Row], maxPoints: Int? = nil) {
        self.kata = kata
        self.checks = checks
        self.rows = rows
        self.maxPoints = maxPoints
    }

    /// CSV through the shared ``CSVTable`` writer: submission, score, max_score, checks_passed, checks,
    /// outcome, duration_s, error, then one column per check holding its status. Every count is a number
    /// column; a submission that could not be graded scores 0 of the kata's maximum.
    public func csv() -> String {
        var table = CSVTable(
            header: ["submission", "score", "max_score", "checks_passed", "checks", "outcome", "duration_s", "error"]
                + checks
        )
        for row in rows.sorted(by: { $0.submission < $1.submission }) {
            var cells: [CSVTable.Cell] = [.text(row.submission)]
            if let verdict = row.verdict {
                let totals = verdict.totals
                cells += [
                    .integer(totals.points), .integer(totals.maxPoints), .integer(totals.passed),
                    .integer(totals.checks),
                    .text(verdict.outcome.rawValue), .decimal(verdict.duration, digits: 2),
                    .text(row.error ?? verdict.problems.joined(separator: "; ")),
                ]
            } else {
                // Scored 0 of the maximum, so a spreadsheet's average counts the row.
                cells += [
                    .integer(0), maxPoints.map(CSVTable.Cell.integer) ?? .empty, .integer(0), .integer(checks.count),
                    .text("error"), .empty, .text(row.error ?? ""),
                ]
            }
            let verdict = row.verdict
            cells += checks.map { id in verdict?.check(id).map { .text($0.status.rawValue) } ?? .empty }
            table.rows.append(cells)
        }
        return table.rendered()
    }

    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var sorted = self
        sorted.rows.sort { $0.submission < $1.submission }
        return (try? encoder.encode(sorted)).flatMap { String(data: $0, encoding: .utf8) }.map { $0 + "\n" } ?? "{}\n"
    }

    public static func decode(json text: String) throws -> Gradebook {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Gradebook.self, from: Data(text.utf8))
    }
}
