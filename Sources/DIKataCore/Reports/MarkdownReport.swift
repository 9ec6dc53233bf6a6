/// A Markdown summary of one or more verdicts: a table per kata, then the details of every
/// check that did not pass. Used for `--format markdown`, GitHub's step summary and Gradescope.
public struct MarkdownReport: Sendable {
    public init() {}

    public func render(_ verdicts: [Verdict], context: ReportContext) -> String {
        var lines: [String] = []
        let points = verdicts.reduce(0) { $0 + $1.totals.points }
        let maxPoints = verdicts.reduce(0) { $0 + $1.totals.maxPoints }
        lines.append("## dikata: \(points)/\(maxPoints) points")
        lines.append("")
        for verdict in verdicts {
            let mark = verdict.outcome == .passed ? "✅" : "❌"
            lines.append(
                "### \(mark) \(escape(verdict.kata.id)) · \(escape(verdict.kata.title)) — \(verdict.totals.points)/\(verdict.totals.maxPoints)"
            )
            lines.append("")
            for problem in verdict.problems { lines.append("> ⚠️ \(escape(problem))") }
            if !verdict.problems.isEmpty { lines.append("") }
            lines.append("| | Check | Points | Status |")
            lines.append("|---|---|---|---|")
            for check in verdict.checks {
                lines.append(
                    "| \(check.status == .passed ? "✅" : "❌") | \(escape(check.title)) | \(check.points)/\(check.maxPoints) | \(check.status.rawValue) |"
                )
            }
            let failing = verdict.checks.filter { $0.status != .passed }
            if !failing.isEmpty {
                lines.append("")
                for check in failing {
                    var line = "- **\(escape(check.title))**"
                    if let location = check.location {
                        let path = "\(context.repositoryPath(verdict.kata.id, location.file)):\(location.line)"
                        line += " (\(MarkdownText.codeSpan(path)))"
                    }
                    if let message = check.message?.split(separator: "\n").first {
                        line += ": \(escape(String(message)))"
                    }
                    lines.append(line)
                    if let advice = check.advice { lines.append("  - Next step: \(escape(advice))") }
                    if let lesson = check.lesson {
                        lines.append("  - Read: \(escape(lesson)) (lesson \(verdict.kata.stage))")
                    }
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Keeps table cells intact and learner text inert (no HTML).
    private func escape(_ text: String) -> String { MarkdownText.inline(text) }
}
