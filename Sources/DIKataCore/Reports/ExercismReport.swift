import Foundation

/// Exercism test-runner output, `results.json` version 3.
/// Status `error` means no check produced a result (the package could not be graded at all).
public struct ExercismReport: Sendable {
    public init() {}

    public func render(_ verdicts: [Verdict], context: ReportContext) -> String {
        let tests = verdicts.flatMap { verdict in
            verdict.checks.map { check -> [String: Any] in
                var test: [String: Any] = [
                    "name": verdicts.count > 1 ? "\(verdict.kata.id): \(check.title)" : check.title,
                    "status": Self.status(check.status),
                    "test_code": context.testCode[verdict.kata.id]?[check.id] ?? check.title,
                ]
                // Exercism numbers tasks from 1; the warm-up (stage 0) is no task.
                if verdict.kata.stage > 0 { test["task_id"] = verdict.kata.stage }
                if check.status != .passed {
                    test["message"] = Self.truncated(check.explanation, limit: 65_535)
                }
                if !check.output.isEmpty {
                    test["output"] = Self.truncated(check.output, limit: 500)
                }
                return test
            }
        }
        var object: [String: Any] = ["version": 3, "status": overallStatus(verdicts), "tests": tests]
        if overallStatus(verdicts) == "error" {
            let problems = verdicts.flatMap(\.problems)
            let firstMessage = verdicts.flatMap(\.checks).compactMap(\.message).first
            object["message"] = Self.truncated(
                (problems.isEmpty ? [firstMessage ?? "No check could run."] : problems).joined(separator: "\n"),
                limit: 65_535)
        }
        return JSONText.encode(object)
    }

    func overallStatus(_ verdicts: [Verdict]) -> String {
        let checks = verdicts.flatMap(\.checks)
        let ran = checks.contains {
            $0.status == .passed || $0.status == .failed || $0.status == .crashed || $0.status == .timedOut
        }
        if !ran || checks.isEmpty { return "error" }
        return verdicts.allSatisfy { $0.outcome == .passed } ? "pass" : "fail"
    }

    static func status(_ status: CheckStatus) -> String {
        switch status {
        case .passed: "pass"
        case .failed: "fail"
        case .compileError, .crashed, .timedOut, .notRun: "error"
        }
    }

    static func truncated(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let note = "… (cut)"
        return String(text.prefix(limit - note.count)) + note
    }
}

/// Stable JSON text for CI formats built from dictionaries.
enum JSONText {
    static func encode(_ object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}\n" }
        return text + "\n"
    }
}
