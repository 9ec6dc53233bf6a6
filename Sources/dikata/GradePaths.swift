import DIKataCore
import Foundation

/// Where report paths start, and which of the grader's paths they must never show.
enum GradePaths {
    /// The folders of the grader's own files: the build cache and the temporary folder.
    static func graderFolders(root: CompositionRoot) -> [String] {
        let temporary = root.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return [root.cacheRoot.standardizedFileURL.path, URL(fileURLWithPath: temporary).standardizedFileURL.path]
            + [URL(fileURLWithPath: temporary).resolvingSymlinksInPath().path]
    }

    /// The path from the enclosing git repository's root to `folder` (`""` at the root, nil outside
    /// a repository): GitHub annotations name files from the repository root.
    static func gitPrefix(of folder: URL) -> String? {
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

    /// `prefix` and `path` joined with one `/` (`prefix` empty: `path` itself).
    static func joined(_ prefix: String, _ path: String) -> String {
        let trimmed = prefix.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? path : "\(trimmed)/\(path)"
    }
}
