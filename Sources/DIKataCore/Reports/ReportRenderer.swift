/// Renders verdicts in any format. `text` needs colour and path display decided by the caller.
public struct ReportRenderer: Sendable {
    public var colour: Bool
    public var context: ReportContext

    public init(colour: Bool, context: ReportContext) {
        self.colour = colour
        self.context = context
    }

    public func render(_ verdicts: [Verdict], as format: ReportFormat) -> String {
        let verdicts = context.redacted(verdicts)
        switch format {
        case .text:
            return verdicts.map { verdict in
                let kata = verdict.kata.id
                return TextReport(colour: colour, displayPath: { [context] in context.repositoryPath(kata, $0) })
                    .render(verdict)
            }.joined(separator: "\n")
        case .json: return JSONReport().render(verdicts)
        case .exercism: return ExercismReport().render(verdicts, context: context)
        case .gradescope: return GradescopeReport().render(verdicts, context: context)
        case .junit: return JUnitReport().render(verdicts, context: context)
        case .github: return GitHubReport().annotations(verdicts, context: context)
        case .markdown: return MarkdownReport().render(verdicts, context: context)
        case .classroom: return ClassroomReport().render(verdicts, context: context)
        }
    }
}
