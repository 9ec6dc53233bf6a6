/// One `file:line:column: severity: message` line printed by `swiftc`.
public struct CompilerDiagnostic: Equatable, Sendable {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// Every diagnostic line in compiler output, in order. Lines that are not diagnostics
    /// (source excerpts, carets) are skipped.
    public static func parse(_ output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].hasSuffix(".swift"),
                let lineNumber = Int(parts[1]), let column = Int(parts[2]),
                let severity = Severity(rawValue: parts[3].trimmingPrefix(" ").description)
            else { return nil }
            return CompilerDiagnostic(
                file: String(parts[0]), line: lineNumber, column: column, severity: severity,
                message: String(parts[4].dropFirst(parts[4].hasPrefix(" ") ? 1 : 0)))
        }
    }

    /// Compiler output with error lines only, keyed by unique file:line, for short reports.
    public static func errors(in output: String) -> [CompilerDiagnostic] {
        var seen: Set<String> = []
        return parse(output).filter { diagnostic in
            diagnostic.severity == .error
                && seen.insert("\(diagnostic.file):\(diagnostic.line):\(diagnostic.message)").inserted
        }
    }
}
