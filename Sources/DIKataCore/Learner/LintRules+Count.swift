import Foundation

extension LintRules {
    /// A lint with a count: at most `maxMatches` lines of the selected files may match. The
    /// failure names the first line over the limit and how many lines match in all.
    public func evaluate(pattern: String, paths: [String], maxMatches: Int, files: [SourceFile]) -> CheckOutcome {
        guard let regex = try? Regex(pattern).wordBoundaryKind(.simple) else {
            return .failed("The kata's lint pattern is invalid.", nil)
        }
        let selected = files.filter { file in paths.isEmpty || paths.contains { file.path.hasPrefix($0) } }
            .sorted { $0.path < $1.path }
        guard !selected.isEmpty else {
            return .failed("No Swift files under \(paths.joined(separator: ", ")) to check.", nil)
        }
        var matches: [(location: SourceLocation, line: Substring)] = []
        for file in selected {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in file.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(regex) {
                matches.append(
                    (SourceLocation(file: file.path, line: index + 1), index < lines.count ? lines[index] : line))
            }
        }
        guard matches.count > maxMatches else { return .passed }
        let over = matches[maxMatches]
        let places = matches.map { "\($0.location.file):\($0.location.line)" }.joined(separator: ", ")
        return .failed(
            "\(matches.count) lines match where at most \(maxMatches) may (\(places)); "
                + "one too many: `\(over.line.trimmingCharacters(in: .whitespaces))`", over.location)
    }
}
