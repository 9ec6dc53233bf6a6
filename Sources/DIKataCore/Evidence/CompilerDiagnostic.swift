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
    /// A file name may itself hold a `:` (`a:b.swift`): the file is everything up to the first
    /// `.swift:LINE:COLUMN: severity: ` in the line.
    public static func parse(_ output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            guard
                let match = line.firstMatch(
                    of: #/^(.*?\.swift):(\d+):(\d+): (error|warning|note): (.*)$/#),
                let lineNumber = Int(match.output.2), let column = Int(match.output.3),
                let severity = Severity(rawValue: String(match.output.4))
            else { return nil }
            return CompilerDiagnostic(
                file: String(match.output.1), line: lineNumber, column: column, severity: severity,
                message: String(match.output.5))
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
