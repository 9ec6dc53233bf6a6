import Foundation

/// Which of the grader's own paths reports must never show.
enum GradePaths {
    /// `$TMPDIR`, else `/tmp`.
    static func temporaryFolder(root: CompositionRoot) -> URL {
        URL(fileURLWithPath: root.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
            .standardizedFileURL
    }

    /// The folders of the grader's own files: the build cache and the temporary folder (also
    /// through its links, e.g. macOS's `/var` → `/private/var`).
    static func graderFolders(root: CompositionRoot) -> [String] {
        let temporary = temporaryFolder(root: root)
        return [root.cacheRoot.standardizedFileURL.path, temporary.path, temporary.resolvingSymlinksInPath().path]
    }
}
