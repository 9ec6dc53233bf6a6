import DIKataCore
import Foundation

/// Assembles learner packages from a kata's parts: the starter (with its shared folders, see
/// `KataFiles`), then overlays (the solution, a variant: known-bad or an alternative solution)
/// copied on top, file by file.
public enum KataPackage {
    /// The starter, then each overlay; `remove` (package paths) is deleted before the last one.
    /// Laying the kata's own `solution/` first deletes the files its `solution_removes` names,
    /// so every reference solution is assembled the same way.
    public static func assemble(_ kata: Kata, overlays: [URL], removing remove: [String] = [], into destination: URL)
        throws
    {
        try files(of: kata, overlays: overlays, removing: remove).write(to: destination)
    }

    /// What `assemble` writes, without writing it.
    public static func files(of kata: Kata, overlays: [URL], removing remove: [String] = []) throws -> KataFiles {
        var files = KataFiles.starter(of: kata)
        for (index, overlay) in overlays.enumerated() {
            if index == overlays.count - 1 { files = try files.removing(remove) }
            if overlay.standardizedFileURL.path == kata.solution.standardizedFileURL.path {
                files = try files.removing(kata.manifest.solutionRemoves)
            }
            files = files.overlaid(with: overlay)
        }
        return files
    }

    /// Turns a starter package in place into the reference solution: the files the kata's
    /// `solution_removes` names are deleted, then `solution/` is laid over.
    public static func applySolution(of kata: Kata, onto package: URL) throws {
        for path in kata.manifest.solutionRemoves {
            try FileManager.default.removeItem(at: package.appendingPathComponent(path))
        }
        try overlay(kata.solution, onto: package)
    }

    /// Copies every file of `source` onto `destination`, replacing files of the same path.
    public static func overlay(_ source: URL, onto destination: URL) throws {
        let fileManager = FileManager.default
        for relative in FolderWalk(source).files() where !KataFiles.metadataFiles.contains(relative) {
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
