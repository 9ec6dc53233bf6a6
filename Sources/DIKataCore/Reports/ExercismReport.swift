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
                let printed = check.status == .crashed ? Self.printed(check.output) : check.output
                if !printed.isEmpty {
                    test["output"] = Self.truncated(printed, limit: 500)
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

    /// At most `limit` characters, counted as UTF-16 code units (the most any reader counts),
    /// with CRLF line ends as LF.
    static func truncated(_ text: String, limit: Int) -> String {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard text.utf16.count > limit else { return text }
        let note = "… (cut)"
        var kept = ""
        var used = note.utf16.count
        for character in text {
            used += character.utf16.count
            if used > limit { break }
            kept.append(character)
        }
        return kept + note
    }

    /// What the learner's code printed before it crashed, without the runtime's crash report
    /// (the spec's `output` is the user's output; a backtrace of hex addresses is not).
    static func printed(_ output: String) -> String {
        var lines: [Substring] = []
        for line in output.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if crashReportStarts.contains(where: { line.contains($0) }) { break }
            if line.contains(#/0x[0-9a-fA-F]{6,}/#) { continue }
            lines.append(line)
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Lines where the Swift runtime's crash report begins.
    static let crashReportStarts = [
        "💣 Program crashed", "Stack dump:", "Current stack trace:", "*** Signal ", "Backtrace",
    ]
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
