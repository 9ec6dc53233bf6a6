import DIKataCore
import Foundation
import Synchronization

/// The katas dikata ships (or a kata author's folder): the catalog plus every kata, loaded
/// and validated from disk. Every problem names the file and field at fault.
public struct KataLibrary: Sendable {
    public var root: URL
    public var catalog: Catalog
    public var katas: [Kata]

    public init(root: URL, catalog: Catalog, katas: [Kata]) {
        self.root = root
        self.catalog = catalog
        self.katas = katas
    }

    public func kata(_ id: String) -> Kata? { katas.first { $0.id == id } }

    /// Finds a kata by id, by its number prefix (`1`, `01`) or by a unique prefix.
    public func resolve(_ query: String) -> Kata? {
        KataQuery.resolve(query, among: katas.map(\.id)).flatMap(kata)
    }

    /// Katas in learning order.
    public var ordered: [Kata] { catalog.orderedKataIDs.compactMap(kata) }

    public static func load(from root: URL) throws -> KataLibrary {
        try load(from: root, only: { _ in nil })
    }

    /// Loads only the katas `only` picks from the catalog (nil: all of them): a command that
    /// grades one kata does not pay for parsing the other manifests. Their deltas are checked
    /// against the catalog; that a delta's `breaks` are checks of the kata it starts from is
    /// checked when the whole library is loaded (`dikata list`, `dev check`, the tutorial).
    public static func load(from root: URL, only: (Catalog) -> Set<String>?) throws -> KataLibrary {
        let decoder = ManifestDecoder()
        let catalogURL = root.appendingPathComponent("catalog.yaml")
        let catalog = try decoder.catalog(fromYAML: try readText(catalogURL), file: catalogURL.path)
        guard let wanted = only(catalog) else {
            let library = KataLibrary(
                root: root, catalog: catalog, katas: try loadKatas(catalog.orderedKataIDs, in: root))
            try library.validateDeltas()
            return library
        }
        let katas = try loadKatas(catalog.orderedKataIDs.filter(wanted.contains), in: root)
        for kata in katas {
            guard let from = kata.delta?.from, !catalog.orderedKataIDs.contains(from) else { continue }
            throw ManifestError(
                file: kata.deltaDirectory.appendingPathComponent("delta.yaml").path, field: "from",
                problem:
                    "\"\(from)\" is not a kata of the catalog (\(catalog.orderedKataIDs.joined(separator: ", ")))")
        }
        return KataLibrary(root: root, catalog: catalog, katas: katas)
    }

    /// The katas `ids`, in that order.
    private static func loadKatas(_ ids: [String], in root: URL) throws -> [Kata] {
        // Every command loads the whole library first, so its katas are read side by side (a
        // debug build's YAML parser takes a few milliseconds per kata). The first problem in
        // catalog order is the one reported, as when they were read one by one.
        let loaded = Mutex<[Int: Result<Kata, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: ids.count) { index in
            let result = Result {
                try loadKata(root.appendingPathComponent(ids[index], isDirectory: true), listedAs: ids[index])
            }
            loaded.withLock { $0[index] = result }
        }
        let results = loaded.withLock { $0 }
        return try ids.indices.map { index in
            // concurrentPerform ran every index before it returned.
            try (results[index] ?? .failure(ManifestError(file: root.path, problem: "was not read"))).get()
        }
    }

    /// Loads one kata folder and checks that everything its manifest names exists.
    public static func loadKata(_ directory: URL, listedAs id: String? = nil) throws -> Kata {
        let file = directory.appendingPathComponent("kata.yaml")
        let manifest = try ManifestDecoder().kata(fromYAML: try readText(file), file: file.path)
        if let id, manifest.id != id {
            throw ManifestError(
                file: file.path, field: "id",
                problem: "is \"\(manifest.id)\" but the catalog lists this folder as \"\(id)\"; they must match")
        }
        let kata = Kata(manifest: manifest, directory: directory, delta: try loadDelta(directory))
        let fileManager = FileManager.default
        for (part, url) in [("starter/", kata.starter), ("hidden/", kata.hidden)] {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ManifestError(file: directory.path, problem: "the kata has no \(part) folder")
            }
        }
        guard fileManager.fileExists(atPath: kata.starter.appendingPathComponent("Package.swift").path) else {
            throw ManifestError(file: kata.starter.path, problem: "the starter has no Package.swift")
        }
        if fileManager.fileExists(
            atPath: kata.hidden.appendingPathComponent("support/\(HiddenBuild.expectFileName)").path)
        {
            throw ManifestError(
                file: kata.hidden.path,
                problem:
                    "support/\(HiddenBuild.expectFileName) is the name under which dikata adds its `Expect` helper to every kata's checks; rename the kata's file"
            )
        }
        for (index, check) in manifest.checks.enumerated() {
            if let probe = check.kind.probe,
                !fileManager.fileExists(atPath: kata.hidden.appendingPathComponent(probe).path)
            {
                throw ManifestError(
                    file: file.path, field: "checks[\(index)].probe",
                    problem: "hidden/\(probe) does not exist")
            }
        }
        try validateSharedTargets(of: kata, file: file.path)
        do {
            _ = try KataFiles.starter(of: kata).removing(manifest.solutionRemoves)
        } catch {
            throw ManifestError(
                file: file.path, field: "solution_removes",
                problem: "\((error as NSError).userInfo[NSFilePathErrorKey] ?? "an entry") is not a file of the starter"
            )
        }
        return kata
    }

    static func readText(_ url: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ManifestError(file: url.path, problem: "cannot be read (missing or not permitted)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ManifestError(file: url.path, problem: "is not UTF-8 text")
        }
        return text
    }
}
