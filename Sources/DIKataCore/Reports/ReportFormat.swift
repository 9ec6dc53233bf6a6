/// The report formats `dikata grade --format` can print.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
}
