import Foundation

/// What a build step's output was made from, as one key: the step's name and version, its
/// flags and its inputs' contents. Output recorded under the same stamp is reused; any other
/// stamp means "build again". Every cache and up-to-date check of a grade is keyed by one.
struct BuildStamp: Sendable {
    private var hash = ContentHash()

    /// A stamp for `step` (its name and format version, e.g. `hidden-v3`).
    init(_ step: String) { hash.add(step) }

    mutating func add(_ text: String) { hash.add(text) }

    mutating func add(_ data: Data) { hash.add(data) }

    /// A file's name and contents (nothing when it is missing).
    mutating func add(file url: URL) { hash.add(file: url) }

    /// The stamp as a cache key.
    var key: String { hash.hex }

    /// Whether `file` records this stamp and every output it stands for exists.
    func isCurrent(in file: URL, outputs: [URL]) -> Bool {
        let recorded = FileManager.default.contents(atPath: file.path).flatMap { String(data: $0, encoding: .utf8) }
        return recorded == key && outputs.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Records that the outputs were made from these inputs.
    func record(in file: URL) {
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        RecordFile.replace(file, with: Data(key.utf8))
    }

    /// Forgets what `file` recorded, before its outputs are rebuilt (a failed build leaves no
    /// stamp that could vouch for half-written outputs).
    static func forget(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }
}
