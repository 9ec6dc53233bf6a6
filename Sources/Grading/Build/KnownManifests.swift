import DIKataCore
import Foundation

/// What `swift package dump-package` prints for the manifests a kata ships (its starter's, its
/// solution's and its delta's `Package.swift`), kept beside the kata in
/// `manifest-readings.json` and keyed by each manifest's SHA-256.
///
/// A learner who has not changed Package.swift is graded without SwiftPM reading it: on an
/// empty cache that read is on the way to every compile (0.3–0.4 s of a 1.8 s grade). Only a
/// manifest that only declares (``PlainManifest``) and has no versioned manifest beside it is
/// looked up, so the reading depends on its text alone. `dikata dev manifests` writes the file
/// with the toolchain's own SwiftPM, and `dikata dev check` (and the slow tests) read every
/// manifest again and compare: a kata whose file is out of date is not sound. Without the file,
/// or for any other manifest, a grade reads with SwiftPM as before.
public struct KnownManifests: Sendable, Equatable {
    /// Dump-package JSON by ``key(of:)``.
    public var readings: [String: Data]

    public init(readings: [String: Data] = [:]) {
        self.readings = readings
    }

    public static let fileName = "manifest-readings.json"

    /// The manifests of `kata` that a learner's package starts with, by path in the kata folder.
    public static func shipped(by kata: Kata) -> [String: String] {
        var texts: [String: String] = [:]
        for folder in ["starter", "solution", "delta"] {
            let path = "\(folder)/Package.swift"
            if let text = try? String(contentsOf: kata.directory.appendingPathComponent(path), encoding: .utf8) {
                texts[path] = text
            }
        }
        return texts
    }

    /// A manifest's key: its text's SHA-256.
    public static func key(of text: String) -> String { ContentHash.of(text) }

    /// The reading of `text`, when the file has one. Only the kata's own manifests that only
    /// declare have one (`dikata dev check` reports any other key), so a text found here is
    /// plain. ``ManifestReader`` asks only when no versioned manifest is beside it.
    func reading(of text: String) -> Data? { readings[Self.key(of: text)] }

    /// The file of `kata`'s readings; empty when there is none or it cannot be read (a grade
    /// then asks SwiftPM, and `dikata dev check` says why).
    public static func load(for kata: Kata) -> KnownManifests {
        load(file(of: kata))
    }

    public static func file(of kata: Kata) -> URL { kata.directory.appendingPathComponent(fileName) }

    /// The file of `kata`'s readings; nil when the kata has none.
    static func stored(for kata: Kata) -> KnownManifests? {
        FileManager.default.fileExists(atPath: file(of: kata).path) ? load(for: kata) : nil
    }

    static func load(_ file: URL) -> KnownManifests {
        let object = entries(of: file)
        return KnownManifests(readings: object.compactMapValues(reading))
    }

    /// The reading of `text` in `file`, alone: a grade needs one reading, not every one the file
    /// holds re-encoded (2.8 ms of each grade of kata 05).
    static func reading(of text: String, in file: URL) -> Data? {
        entries(of: file)[key(of: text)].flatMap(reading)
    }

    /// The file's readings by key, as parsed; empty when it is missing or not a JSON object.
    private static func entries(of file: URL) -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: file.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// One parsed reading as grading reads it (sorted keys); nil when it is not a JSON object.
    private static func reading(_ dump: Any) -> Data? {
        guard let dump = dump as? [String: Any] else { return nil }
        return try? JSONSerialization.data(withJSONObject: dump, options: [.sortedKeys])
    }

    /// The file's bytes: one reading per line, in key order, so a changed manifest is a one-line
    /// diff. The package's own folder (`packageKind`), which differs on every machine and which
    /// grading never reads, is left out.
    public func encoded() -> Data {
        let lines = readings.keys.sorted().compactMap { key -> String? in
            guard let data = readings[key], let text = String(data: data, encoding: .utf8) else { return nil }
            return "  \"\(key)\": \(text)"
        }
        return Data(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8)
    }

    /// SwiftPM's JSON with `packageKind` removed and keys sorted; nil when it is not a JSON object.
    public static func normalized(_ dump: Data) -> Data? {
        guard var object = try? JSONSerialization.jsonObject(with: dump) as? [String: Any] else { return nil }
        object["packageKind"] = nil
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}

extension KnownManifests {
    /// What is wrong with `stored` against `fresh` (the kata's manifests read by SwiftPM now):
    /// a manifest with no reading, a reading of no manifest, or one that grades differently.
    /// Compared as grading reads them (``LearnerPackage``), so another SwiftPM's extra fields
    /// do not count. A kata without the file has nothing wrong: SwiftPM reads its manifests. Pure.
    public static func problems(stored: KnownManifests?, fresh: KnownManifests, kata: Kata) -> [String] {
        guard let stored else { return [] }
        let fix = "run `dikata dev manifests \(kata.id)`"
        var problems: [String] = []
        for key in fresh.readings.keys.sorted() {
            guard let kept = stored.readings[key] else {
                problems.append("\(fileName) has no reading of one of the kata's manifests: \(fix).")
                continue
            }
            let keptPackage = try? LearnerPackage.fromDumpPackageJSON(kept)
            let freshPackage = fresh.readings[key].flatMap { try? LearnerPackage.fromDumpPackageJSON($0) }
            if keptPackage == nil || keptPackage != freshPackage {
                problems.append("\(fileName) reads a manifest differently from SwiftPM: \(fix).")
            }
        }
        if !Set(stored.readings.keys).isSubset(of: Set(fresh.readings.keys)) {
            problems.append("\(fileName) keeps a reading of a manifest the kata no longer has: \(fix).")
        }
        return problems
    }
}

extension Grader {
    /// `kata`'s shipped manifests that only declare (``KnownManifests/shipped(by:)``), each read
    /// now by SwiftPM in the sandbox, in a package of its own under `folder` (the caller's
    /// scratch folder: two checks of katas with the same id must not share it), with no cache.
    /// The problems name a manifest SwiftPM could not read.
    public func readShippedManifests(of kata: Kata, in folder: URL) async -> (
        manifests: KnownManifests, problems: [String]
    ) {
        var known = KnownManifests()
        var problems: [String] = []
        let scratch = folder.appendingPathComponent("manifests-\(kata.id)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (path, text) in KnownManifests.shipped(by: kata).sorted(by: { $0.key < $1.key })
        where PlainManifest.isPlain(text) {
            let key = KnownManifests.key(of: text)
            guard known.readings[key] == nil else { continue }
            let package = scratch.appendingPathComponent(key, isDirectory: true)
            let build = scratch.appendingPathComponent(key + "-build", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: package.appendingPathComponent("Package.swift"))
            } catch {
                problems.append(
                    "\(kata.id)/\(path): could not copy it to \(package.path): \(error.localizedDescription)")
                continue
            }
            let compiler = SwiftCompiler(
                environment: environment, runner: runner, buildDirectory: build, hiddenPaths: [kata.directory.path],
                timeout: 60)
            let result = await compiler.dumpPackage(at: package)
            guard result.termination.succeeded, let reading = KnownManifests.normalized(Data(result.stdout.text.utf8))
            else {
                problems.append(
                    "\(kata.id)/\(path): SwiftPM could not read it: \(CompilerOutput.firstLines(result.combinedOutput, 3))"
                )
                continue
            }
            known.readings[key] = reading
        }
        return (known, problems)
    }
}
