/// Gradescope autograder `results.json`: score, per-test score and visibility from each
/// check's settings, Markdown output.
public struct GradescopeReport: Sendable {
    public init() {}

    public func render(_ verdicts: [Verdict], context: ReportContext) -> String {
        var tests: [[String: Any]] = []
        for (kataIndex, verdict) in verdicts.enumerated() {
            for (checkIndex, check) in verdict.checks.enumerated() {
                var test: [String: Any] = [
                    "name": check.title,
                    "name_format": "text",
                    "number": "\(kataIndex + 1).\(checkIndex + 1)",
                    "score": check.points,
                    "max_score": check.maxPoints,
                    "status": check.status == .passed ? "passed" : "failed",
                    "visibility": check.visibility.rawValue,
                    "tags": [verdict.kata.id, check.kind],
                    "output_format": "md",
                ]
                var output = ""
                if check.status != .passed {
                    output =
                        "**\(check.status.label)**: "
                        + check.explanation.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { MarkdownText.inline(String($0)) }.joined(separator: "  \n")
                }
                if let location = check.location {
                    let path = "\(context.repositoryPath(verdict.kata.id, location.file)):\(location.line)"
                    output += "\n\nat \(MarkdownText.codeSpan(path))"
                }
                if !check.output.isEmpty { output += "\n\n" + MarkdownText.codeBlock(check.output) }
                test["output"] = output
                tests.append(test)
            }
        }
        let object: [String: Any] = [
            "score": verdicts.reduce(0) { $0 + $1.totals.points },
            "execution_time": Int(verdicts.reduce(0) { $0 + $1.duration }.rounded(.up)),
            "output": MarkdownReport().render(verdicts, context: context),
            "output_format": "md",
            "test_output_format": "md",
            "test_name_format": "text",
            "visibility": "visible",
            "stdout_visibility": "hidden",
            "tests": tests,
        ]
        return JSONText.encode(object)
    }
}
