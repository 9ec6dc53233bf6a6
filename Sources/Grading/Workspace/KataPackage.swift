import DIKataCore
import Foundation

/// Assembles learner packages from a kata's parts: the starter, then overlays (the solution,
/// a variant: known-bad or an alternative solution) copied on top, file by file.
public enum KataPackage {
    /// Files in overlay folders that describe the overlay rather than belong to the package.
    static let metadataFiles: Set<String> = ["variant.yaml"]

    /// The starter, then each overlay; `remove` (package paths) is deleted before the last one.
    public static func assemble(_ kata: Kata, overlays: [URL], removing remove: [String] = [], into destination: URL)
        throws
    {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: destination)
        try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.copyItem(at: kata.starter, to: destination)
        for (index, overlay) in overlays.enumerated() {
            if index == overlays.count - 1 {
                for path in remove { try fileManager.removeItem(at: destination.appendingPathComponent(path)) }
            }
            try self.overlay(overlay, onto: destination)
        }
    }

    /// Copies every file of `source` onto `destination`, replacing files of the same path.
    public static func overlay(_ source: URL, onto destination: URL) throws {
        let fileManager = FileManager.default
        for relative in FolderWalk(source).files() where !metadataFiles.contains(relative) {
            let to = destination.appendingPathComponent(relative)
            try fileManager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? fileManager.removeItem(at: to)
            try fileManager.copyItem(at: source.appendingPathComponent(relative), to: to)
        }
    }

    /// The kata's variants (known-bad versions and alternative solutions), in name order.
    public static func variants(of kata: Kata) throws -> [(VariantManifest, URL)] {
        let folder = kata.directory.appendingPathComponent("variants", isDirectory: true)
        return try FolderWalk(folder, skipsHidden: true).folders().map { name in
            let directory = folder.appendingPathComponent(name, isDirectory: true)
            let file = directory.appendingPathComponent("variant.yaml")
            let text = try KataLibrary.readText(file)
            let manifest = try ManifestDecoder().variant(
                fromYAML: text, name: name, file: file.path, checks: kata.manifest.checks.map(\.id))
            return (manifest, directory)
        }
    }
}
