import Foundation

/// A learner source file's text, for lint checks.
public struct SourceFile: Equatable, Sendable {
    /// Path relative to the package root.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Evaluates `lint` checks: regular expressions over learner sources, ignoring comments. Pure.
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
            let code = Self.strippingComments(file.text)
            for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(regex) {
                if mustMatch { return .passed }
                let location = SourceLocation(file: file.path, line: index + 1)
                let excerpt = String(line).trimmingCharacters(in: .whitespaces)
                return .failed("`\(excerpt)`", location)
            }
        }
        return mustMatch ? .failed("No learner file matches what this check looks for.", nil) : .passed
    }

    /// Blanks out `//` and `/* */` comments (keeping newlines so line numbers stay right).
    /// String literals are kept, so a `//` inside a string is not taken for a comment.
    static func strippingComments(_ text: String) -> String {
        var output = ""
        let iterator = Array(text)
        var index = 0
        var inString = false
        var blockDepth = 0
        while index < iterator.count {
            let character = iterator[index]
            let next = index + 1 < iterator.count ? iterator[index + 1] : nil
            if blockDepth > 0 {
                if character == "*" && next == "/" { blockDepth -= 1; index += 2; continue }
                if character == "/" && next == "*" { blockDepth += 1; index += 2; continue }
                output.append(character == "\n" ? "\n" : " ")
                index += 1
                continue
            }
            if inString {
                output.append(character)
                if character == "\\", let next { output.append(next); index += 2; continue }
                if character == "\"" || character == "\n" { inString = false }
                index += 1
                continue
            }
            if character == "/" && next == "/" {
                while index < iterator.count && iterator[index] != "\n" { index += 1 }
                continue
            }
            if character == "/" && next == "*" { blockDepth = 1; index += 2; continue }
            if character == "\"" { inString = true }
            output.append(character)
            index += 1
        }
        return output
    }
}
