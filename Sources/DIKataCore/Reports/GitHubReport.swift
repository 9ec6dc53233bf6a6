/// GitHub Actions workflow commands: one `::error` annotation per check that did not pass,
/// pointing at the learner's file and line when known.
public struct GitHubReport: Sendable {
    public init() {}

    public func annotations(_ verdicts: [Verdict], context: ReportContext) -> String {
        var lines: [String] = []
        for verdict in verdicts {
            for problem in verdict.problems {
                lines.append("::error title=\(property("\(verdict.kata.id): package problem"))::\(data(problem))")
            }
            for check in verdict.checks where check.status != .passed {
                var properties: [String] = []
                if let location = check.location {
                    properties.append("file=\(property(context.repositoryPath(verdict.kata.id, location.file)))")
                    properties.append("line=\(location.line)")
                    if let column = location.column { properties.append("col=\(column)") }
                }
                properties.append("title=\(property("\(verdict.kata.id): \(check.title) [\(check.status.rawValue)]"))")
                lines.append("::error \(properties.joined(separator: ","))::\(data(check.explanation))")
            }
            let totals = verdict.totals
            lines.append(
                "::notice title=\(property(verdict.kata.id))::\(data("\(totals.passed)/\(totals.checks) checks passed, \(totals.points)/\(totals.maxPoints) points"))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escaping for the message part of a workflow command.
    func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping for a property value (`file=`, `title=`), which also may not hold `:` or `,`.
    func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
