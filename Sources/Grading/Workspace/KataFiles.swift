import DIKataCore
import Foundation

/// The files of a kata package, as package path → file on disk. The one place that knows
/// where a starter's files come from (the kata's `starter/` plus the library's shared folders,
/// laid at `Sources/<name>/`) and how the reference solution is made from it: every copy of a
/// starter or a solution goes through here, so none can forget a shared folder.
public struct KataFiles: Equatable, Sendable {
    public var files: [String: URL]

    public init(files: [String: URL] = [:]) { self.files = files }

    /// Folders never taken from a kata's parts.
    static let skippedFolders: Set<String> = [".build", ".swiftpm"]
    /// Files in overlay folders that describe the overlay rather than belong to the package.
    static let metadataFiles: Set<String> = ["variant.yaml", "delta.yaml"]

    /// Package paths, sorted.
    public var paths: [String] { files.keys.sorted() }

    // MARK: - A kata's packages

    /// The starter: `starter/`, with each shared target's files taken from `<library>/<name>/`.
    public static func starter(of kata: Kata) -> KataFiles {
        var result = folder(kata.starter)
        for target in kata.manifest.targets where target.shared {
            let prefix = "Sources/\(target.name)/"
            result.files = result.files.filter { !$0.key.hasPrefix(prefix) }
            result.lay(folder(kata.sharedFolder(target.name)), under: prefix)
        }
        return result
    }

    /// The reference solution: the starter without `solution_removes`, then `solution/` on top.
    public static func solution(of kata: Kata) throws -> KataFiles {
        try starter(of: kata).removing(kata.manifest.solutionRemoves).overlaid(with: kata.solution)
    }

    /// Every file below `root` (build folders skipped), keyed by its path relative to `root`.
    public static func folder(_ root: URL) -> KataFiles {
        var result = KataFiles()
        for path in FolderWalk(root, skipping: skippedFolders).files() {
            result.files[path] = root.appendingPathComponent(path)
        }
        return result
    }

    // MARK: - Building up

    /// Without `paths` (files, or folders with everything below them). A path that matches
    /// nothing is an error: a typo would otherwise silently keep the file.
    public func removing(_ paths: [String]) throws -> KataFiles {
        var result = self
        for path in paths {
            let folder = path.hasSuffix("/") ? path : path + "/"
            let matches = result.files.keys.filter { $0 == path || $0.hasPrefix(folder) }
            guard !matches.isEmpty else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            for match in matches { result.files.removeValue(forKey: match) }
        }
        return result
    }

    /// With every file of the folder `overlay` laid on top (same path: the overlay's wins);
    /// overlay metadata such as `variant.yaml` is left out.
    public func overlaid(with overlay: URL) -> KataFiles {
        var result = self
        result.lay(Self.folder(overlay).filter { !Self.metadataFiles.contains($0) }, under: "")
        return result
    }

    /// Only the files whose package path satisfies `include`.
    public func filter(_ include: (String) -> Bool) -> KataFiles {
        KataFiles(files: files.filter { include($0.key) })
    }

    private mutating func lay(_ other: KataFiles, under prefix: String) {
        for (path, url) in other.files { files[prefix + path] = url }
    }

    // MARK: - Reading and writing

    /// Every file's contents (an unreadable file reads as empty).
    public func contents() -> [String: Data] {
        files.mapValues { FileManager.default.contents(atPath: $0.path) ?? Data() }
    }

    /// Makes `destination` a package of exactly these files (it is replaced when it exists).
    public func write(to destination: URL) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: destination)
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        for (path, url) in files.sorted(by: { $0.key < $1.key }) {
            let target = destination.appendingPathComponent(path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(at: url, to: target)
        }
    }
}
