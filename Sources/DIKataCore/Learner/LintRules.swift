import Foundation

/// A learner source file's text, for lint checks and the package graph.
public struct SourceFile: Equatable, Sendable {
    /// Path relative to the package root.
    public var path: String
    public var text: String
    /// `text` with comments and string-literal contents blanked (newlines kept), as the grading
    /// shell reads it with the Swift parser: what the compiler sees as code.
    public var code: String

    public init(path: String, text: String, code: String) {
        self.path = path
        self.text = text
        self.code = code
    }
}

/// Evaluates `lint` checks: regular expressions over learner code (comments and string
/// contents are not code). Pure.
public struct LintRules: Sendable {
    public init() {}

    public func evaluate(pattern: String, paths: [String], mustMatch: Bool, files: [SourceFile]) -> CheckOutcome {
        // Simple word boundaries: with Unicode ones, `\b` does not match inside `client.shared.load`.
        guard let regex = try? Regex(pattern).wordBoundaryKind(.simple) else {
            return .failed("The kata's lint pattern is invalid.", nil)
        }
        let selected = files.filter { file in paths.isEmpty || paths.contains { file.path.hasPrefix($0) } }
            .sorted { $0.path < $1.path }
        guard !selected.isEmpty else {
            return .failed("No Swift files under \(paths.joined(separator: ", ")) to check.", nil)
        }
        for file in selected {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in file.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(regex) {
                if mustMatch { return .passed }
                let location = SourceLocation(file: file.path, line: index + 1)
                let shown = index < lines.count ? lines[index] : line
                return .failed("`\(shown.trimmingCharacters(in: .whitespaces))`", location)
            }
        }
        return mustMatch ? .failed("No learner file matches what this check looks for.", nil) : .passed
    }
}
