import Foundation

/// Paths from the root of the git repository a submission lives in: GitHub resolves an
/// annotation's `file=` against the repository root, not against the folder dikata graded.
public enum RepositoryPath {
    /// The path from the enclosing git repository's root (the nearest folder holding `.git`, a
    /// folder or a worktree's file) to `folder`: `""` at the root, nil outside any repository.
    public static func prefix(of folder: URL) -> String? {
        let start = folder.standardizedFileURL.resolvingSymlinksInPath()
        var candidate = start
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
                let base = candidate.path == "/" ? "" : candidate.path
                return String(start.path.dropFirst(base.count)).split(separator: "/").joined(separator: "/")
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// `prefix` and `path` joined with one `/` (an empty `prefix` leaves `path` as it is).
    public static func joined(_ prefix: String, _ path: String) -> String {
        let trimmed = prefix.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? path : "\(trimmed)/\(path)"
    }
}
