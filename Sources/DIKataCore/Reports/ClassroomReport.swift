import Foundation

/// GitHub Classroom's autograding runner result, the JSON the autograding grading reporter
/// (`classroom-resources/autograding-grading-reporter`) reads for each runner from
/// `<RUNNER>_RESULTS` (base64): `version`, `status` (`pass`, `fail` or `error`), `max_score`, and
/// one test per check with its `score` in points. The reporter adds up the tests' scores and
/// `max_score` into the "Points N/M" Classroom shows.
public struct ClassroomReport: Sendable {
    public init() {}

    public func render(_ verdicts: [Verdict], context: ReportContext) -> String {
        let tests = verdicts.flatMap { verdict in
            verdict.checks.map { check -> [String: Any] in
                var test: [String: Any] = [
                    "name": verdicts.count > 1 ? "\(verdict.kata.id): \(check.title)" : check.title,
                    "status": ExercismReport.status(check.status),
                    "score": check.points,
                    "execution_time": "\(Int((check.duration * 1000).rounded()))ms",
                    "line_no": check.location?.line ?? NSNull(),
                    "message": check.status == .passed ? NSNull() : message(check, verdict, context),
                ]
                if let code = context.testCode[verdict.kata.id]?[check.id] { test["test_code"] = code }
                if let file = check.location?.file { test["filename"] = context.repositoryPath(verdict.kata.id, file) }
                return test
            }
        }
        let object: [String: Any] = [
            "version": 1, "status": ExercismReport().overallStatus(verdicts),
            "max_score": verdicts.reduce(0) { $0 + $1.totals.maxPoints }, "tests": tests,
        ]
        return JSONText.encode(object)
    }

    /// The "Points N/M" line Classroom shows for these verdicts.
    public func pointsLine(_ verdicts: [Verdict]) -> String {
        "Points \(verdicts.reduce(0) { $0 + $1.totals.points })/\(verdicts.reduce(0) { $0 + $1.totals.maxPoints })"
    }

    private func message(_ check: CheckResult, _ verdict: Verdict, _ context: ReportContext) -> String {
        var text = check.explanation
        if let location = check.location {
            text += "\nat \(context.repositoryPath(verdict.kata.id, location.file)):\(location.line)"
        }
        if check.status == .notRun, !verdict.problems.isEmpty { text = verdict.problems.joined(separator: "\n") }
        return text
    }
}
