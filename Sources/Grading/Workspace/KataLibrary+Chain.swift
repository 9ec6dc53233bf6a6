import DIKataCore
import Foundation

// The rules that tie a kata to the rest of its library: shared read-only folders and the
// delta that chains it to the previous kata. Checked when the library loads.
extension KataLibrary {
    /// `delta/delta.yaml`, when the kata has a delta.
    static func loadDelta(_ directory: URL) throws -> DeltaManifest? {
        let file = directory.appendingPathComponent("delta/delta.yaml")
        guard FileManager.default.fileExists(atPath: file.path) else {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("delta").path) {
                throw ManifestError(file: file.path, problem: "is missing: a delta/ folder needs its delta.yaml")
            }
            return nil
        }
        return try ManifestDecoder().delta(fromYAML: try readText(file), file: file.path)
    }

    /// Each shared target's folder exists in the library with Swift files, and the starter has
    /// no copy of its own (one folder, never a drifting copy).
    static func validateSharedTargets(of kata: Kata, file: String) throws {
        for (index, target) in kata.manifest.targets.enumerated() where target.shared {
            let folder = kata.sharedFolder(target.name)
            guard FolderWalk(folder).files().contains(where: { $0.hasSuffix(".swift") }) else {
                throw ManifestError(
                    file: file, field: "targets[\(index)].shared",
                    problem: "the shared folder \(folder.path) does not exist or holds no .swift file")
            }
            let copy = kata.starter.appendingPathComponent("Sources/\(target.name)")
            if FileManager.default.fileExists(atPath: copy.path) {
                throw ManifestError(
                    file: file, field: "targets[\(index)].shared",
                    problem:
                        "the starter has its own starter/Sources/\(target.name)/; delete it, the shared folder is used")
            }
        }
    }

    /// Every delta names a kata of the catalog as `from`, and `breaks` names checks of that kata.
    func validateDeltas() throws {
        for kata in katas {
            guard let delta = kata.delta else { continue }
            let file = kata.deltaDirectory.appendingPathComponent("delta.yaml").path
            guard let from = self.kata(delta.from) else {
                throw ManifestError(
                    file: file, field: "from",
                    problem:
                        "\"\(delta.from)\" is not a kata of the catalog (\(catalog.orderedKataIDs.joined(separator: ", ")))"
                )
            }
            let checks = from.manifest.checks.map(\.id)
            for (index, id) in delta.breaks.enumerated() where !checks.contains(id) {
                throw ManifestError(
                    file: file, field: "breaks[\(index)]", problem: "\"\(id)\" is not the id of a check of \(from.id)")
            }
        }
    }
}
