/// GitHub Actions workflow commands. GitHub shows at most 10 error annotations per step, so the
/// report writes one `::error` per distinct place (a file and line, else a message), package
/// problems first and then the failing checks worth the most points, at most ``errorLimit`` of
/// them, then a `::notice` saying how many more the step summary lists; then one notice per kata
/// with its score.
public struct GitHubReport: Sendable {
    /// GitHub's limit of error annotations shown per step.
    public static let errorLimit = 10

    public init() {}

    /// One annotation before the limit: its properties (unescaped) and message.
    struct Annotation {
        var file: String?
        var line: Int?
        var column: Int?
        var title: String
        var message: String
        /// Further failing checks at the same place.
        var sharing = 0
    }

    public func annotations(_ verdicts: [Verdict], context: ReportContext) -> String {
        var annotations: [Annotation] = []
        var seen: [String: Int] = [:]
        for verdict in verdicts {
            for problem in verdict.problems {
                annotations.append(
                    Annotation(
                        title: "\(verdict.kata.id): package problem", message: problem))
            }
        }
        var failing: [(verdict: Verdict, check: CheckResult)] = []
        for verdict in verdicts {
            failing += verdict.checks.filter { $0.status != .passed }.map { (verdict, $0) }
        }
        // Stable: equal points keep the report's order.
        let ordered = failing.enumerated().sorted {
            ($0.element.check.maxPoints, -$0.offset) > ($1.element.check.maxPoints, -$1.offset)
        }.map(\.element)
        for (verdict, check) in ordered {
            let file = check.location.map { context.repositoryPath(verdict.kata.id, $0.file) }
            let key =
                check.location.map { "at \(file ?? ""):\($0.line)" } ?? "says \(verdict.kata.id) \(check.explanation)"
            if let index = seen[key] {
                annotations[index].sharing += 1
                continue
            }
            seen[key] = annotations.count
            annotations.append(
                Annotation(
                    file: file, line: check.location?.line, column: check.location?.column,
                    title: "\(verdict.kata.id): \(check.title) [\(check.status.rawValue)]", message: check.explanation))
        }
        var lines = annotations.prefix(Self.errorLimit).map(command)
        if annotations.count > Self.errorLimit {
            lines.append("::notice::\(data("\(annotations.count - Self.errorLimit) more in the summary"))")
        }
        for verdict in verdicts {
            let totals = verdict.totals
            lines.append(
                "::notice title=\(property(verdict.kata.id))::\(data("\(totals.passed)/\(totals.checks) checks passed, \(totals.points)/\(totals.maxPoints) points"))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func command(_ annotation: Annotation) -> String {
        var properties: [String] = []
        if let file = annotation.file, let line = annotation.line {
            properties.append("file=\(property(file))")
            properties.append("line=\(line)")
            if let column = annotation.column { properties.append("col=\(column)") }
        }
        let title =
            annotation.title
            + (annotation.sharing == 0
                ? "" : " and \(annotation.sharing) more check\(annotation.sharing == 1 ? "" : "s") here")
        properties.append("title=\(property(title))")
        return "::error \(properties.joined(separator: ","))::\(data(annotation.message))"
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
