/// A unified diff as the learner reads it: files named `a/…` (theirs) and `b/…` (the
/// reference), no temporary folders or timestamps, and each line's kind for colouring.
public enum UnifiedDiffText {
    /// What a line of a unified diff is.
    public enum Kind: Equatable, Sendable {
        case fileHeader, hunk, added, removed, context
    }

    /// `diff -ruN OLD NEW`'s output with OLD's and NEW's paths shown as `a/` and `b/`.
    public static func relabel(_ output: String, old: String, new: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines.map { line in
            if line.hasPrefix("diff ") {
                return line.replacingOccurrences(of: " " + old + "/", with: " a/")
                    .replacingOccurrences(of: " " + new + "/", with: " b/")
            }
            for (marker, folder, label) in [("--- ", old, "a/"), ("+++ ", new, "b/")]
            where line.hasPrefix(marker + folder + "/") {
                // The path, then a tab and the file's time: keep the path.
                let path = line.dropFirst(marker.count + folder.count + 1).split(separator: "\t").first ?? ""
                return marker + label + path
            }
            return line
        }
    }

    /// The kind of a line of a unified diff.
    public static func kind(of line: String) -> Kind {
        if line.hasPrefix("diff ") || line.hasPrefix("--- a/") || line.hasPrefix("+++ b/") { return .fileHeader }
        if line.hasPrefix("@@") { return .hunk }
        if line.hasPrefix("+") { return .added }
        if line.hasPrefix("-") { return .removed }
        return .context
    }
}
