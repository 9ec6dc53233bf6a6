import Foundation

/// A kata ready to use: its manifest plus where its parts are on disk (the runtime model).
public struct Kata: Sendable, Identifiable {
    public var manifest: KataManifest
    /// The kata's folder (`Katas/01-singleton`).
    public var directory: URL

    public init(manifest: KataManifest, directory: URL) {
        self.manifest = manifest
        self.directory = directory
    }

    public var id: String { manifest.id }
    public var starter: URL { directory.appendingPathComponent("starter", isDirectory: true) }
    /// Files that overlay the starter to give the reference solution.
    public var solution: URL { directory.appendingPathComponent("solution", isDirectory: true) }
    public var hidden: URL { directory.appendingPathComponent("hidden", isDirectory: true) }
    public var instructions: URL { directory.appendingPathComponent("README.md") }
}
