import Foundation

/// A kata ready to use: its manifest plus where its parts are on disk (the runtime model).
public struct Kata: Sendable, Identifiable {
    public var manifest: KataManifest
    /// The kata's folder (`Katas/01-singleton`).
    public var directory: URL
    /// The library folder that holds the kata and its shared folders (`Katas/`).
    public var library: URL
    /// The change from the previous kata's solution to this starter (`delta/delta.yaml`), if any.
    public var delta: DeltaManifest?

    public init(manifest: KataManifest, directory: URL, library: URL? = nil, delta: DeltaManifest? = nil) {
        self.manifest = manifest
        self.directory = directory
        self.library = library ?? directory.deletingLastPathComponent()
        self.delta = delta
    }

    public var id: String { manifest.id }
    public var starter: URL { directory.appendingPathComponent("starter", isDirectory: true) }
    /// Files that overlay the starter to give the reference solution.
    public var solution: URL { directory.appendingPathComponent("solution", isDirectory: true) }
    public var hidden: URL { directory.appendingPathComponent("hidden", isDirectory: true) }
    public var instructions: URL { directory.appendingPathComponent("README.md") }
    /// The delta's files (laid over the previous kata's solution) and its `delta.yaml`.
    public var deltaDirectory: URL { directory.appendingPathComponent("delta", isDirectory: true) }

    /// Where a shared read-only target's files live: `<library>/<name>/`.
    public func sharedFolder(_ target: String) -> URL { library.appendingPathComponent(target, isDirectory: true) }
}
