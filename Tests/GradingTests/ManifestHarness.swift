import Foundation
import TestSupport

@testable import Grading

/// A `ManifestReader` per build folder under one cache, with SwiftPM scripted to print one dump
/// (a package with one target, Login) and the kata's known readings given.
struct ManifestHarness {
    static let dump = #"{"name": "Shelf", "targets": [{"name": "Login", "type": "regular", "dependencies": []}]}"#

    var known = KnownManifests()
    let root = Fixtures.runFolder.appendingPathComponent("dikata-manifests-\(UUID().uuidString)")
    let runner = ScriptedProcessRunner([.init("read Package.swift", repeats: true, .exits(0, stdout: dump))])

    /// How many times SwiftPM read a manifest.
    var reads: Int { runner.requests(for: "read Package.swift").count }
    /// How many readings are kept for every build folder.
    var sharedReadings: Int { FolderWalk(cache.appendingPathComponent("manifests", isDirectory: true)).files().count }
    private var cache: URL { root.appendingPathComponent("cache", isDirectory: true) }

    /// The target names read from `files` in the build folder `name`; nil for a problem.
    func read(_ files: [String: String], in name: String) async -> [String]? {
        let folder = BuildFolder(root: cache.appendingPathComponent("builds/\(name)", isDirectory: true))
        let compiler = SwiftCompiler(
            environment: .scripted(cacheRoot: cache), runner: runner, buildDirectory: folder.root,
            hiddenPaths: [], timeout: 60)
        let known = known
        let reader = ManifestReader(
            compiler: compiler, toolchain: "/toolchain/usr/bin/swift", folder: folder, cacheRoot: cache,
            known: { known.reading(of: $0) })
        let snapshot = PackageSnapshot(root: folder.snapshot, files: files, problems: [], notes: [])
        guard case .package(let package) = await reader.read(snapshot) else { return nil }
        return package.targets.map(\.name)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
