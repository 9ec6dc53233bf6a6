import DIKataCore
import Foundation

/// Turns every entry of a class folder into a submission, so each gets a gradebook row:
/// a folder is a kata package, a workspace holding `<kata id>/`, or (a "Download ZIP" of a
/// repository) a folder holding one such folder; a `.zip` file is unpacked first (with `unzip`,
/// through the process runner) and read the same way; anything else (a hidden folder, another
/// file) is a submission with a problem saying why it was not graded. Hidden files (`.DS_Store`)
/// are no entries.
public struct BatchEntries: Sendable {
    /// Unpacks a zip file into a new folder; returns why it could not, or nil.
    public var unzip: @Sendable (_ zip: URL, _ folder: URL) async -> String?
    /// Where zip files are unpacked (one subfolder per zip).
    public var scratch: URL

    public init(scratch: URL, unzip: @escaping @Sendable (URL, URL) async -> String?) {
        self.scratch = scratch
        self.unzip = unzip
    }

    /// `unzip -qq -o ZIP -d FOLDER` started by `runner`.
    public static func live(runner: any ProcessRunning, scratch: URL, unzipPath: String = "/usr/bin/unzip")
        -> BatchEntries
    {
        BatchEntries(scratch: scratch) { zip, folder in
            let result = await runner.run(
                ProcessRequest(
                    executable: unzipPath, arguments: ["-qq", "-o", zip.path, "-d", folder.path],
                    environment: ["LANG": "C.UTF-8"], timeout: 120, purpose: "unzip \(zip.lastPathComponent)"))
            guard result.termination.succeeded else {
                let output = result.combinedOutput.split(separator: "\n").first.map(String.init) ?? ""
                return "unzip failed (\(result.termination))\(output.isEmpty ? "" : ": " + output)"
                    .replacingOccurrences(of: folder.path, with: zip.lastPathComponent)
                    .replacingOccurrences(of: zip.path, with: zip.lastPathComponent)
            }
            return nil
        }
    }

    /// How many single folders are walked down ("repo-main/", "repo-main/repo/") before giving up.
    static let nestingLimit = 3

    /// One submission per entry of `folder`, sorted by name.
    public func submissions(in folder: URL, kataID: String) async throws -> [BatchGrader.Submission] {
        let fileManager = FileManager.default
        // An unreadable folder is an error here, not an empty class.
        let names = try fileManager.contentsOfDirectory(atPath: folder.path).sorted()
        let folders = Set(FolderWalk(folder).folders())
        var result: [BatchGrader.Submission] = []
        for name in names {
            let entry = folder.appendingPathComponent(name)
            if folders.contains(name) {
                guard !name.hasPrefix(".") else {
                    result.append(
                        .init(
                            name: name, package: entry,
                            problem: "\(name) is a hidden folder (its name starts with a dot); rename it to grade it."))
                    continue
                }
                result.append(.init(name: name, package: Self.package(in: entry, kataID: kataID)))
            } else if name.hasPrefix(".") {
                continue
            } else if name.lowercased().hasSuffix(".zip") {
                let stem = String(name.dropLast(4))
                let shown = folders.contains(stem) || stem.isEmpty ? name : stem
                let target = scratch.appendingPathComponent(shown, isDirectory: true)
                try? fileManager.removeItem(at: target)
                // unzip makes only the last folder of its -d path.
                try? fileManager.createDirectory(at: target, withIntermediateDirectories: true)
                if let problem = await unzip(entry, target) {
                    result.append(.init(name: shown, package: entry, problem: "\(name): \(problem)"))
                } else {
                    result.append(.init(name: shown, package: Self.package(in: target, kataID: kataID)))
                }
            } else {
                result.append(
                    .init(
                        name: name, package: entry,
                        problem: "\(name) is a file, not a submission folder or a .zip; nothing was graded."))
            }
        }
        return result
    }

    /// The kata package in a submission folder: itself, its `<kata id>/`, or the same inside its
    /// only (visible) subfolder.
    static func package(in folder: URL, kataID: String) -> URL {
        var current = folder
        for _ in 0...nestingLimit {
            if hasManifest(current) { return current }
            let nested = current.appendingPathComponent(kataID, isDirectory: true)
            if hasManifest(nested) { return nested }
            let walk = FolderWalk(current, skipsHidden: true)
            let inner = walk.folders()
            guard inner.count == 1, walk.files(recursive: false).allSatisfy({ !$0.hasSuffix(".swift") }) else {
                break
            }
            current = current.appendingPathComponent(inner[0], isDirectory: true)
        }
        return folder
    }

    private static func hasManifest(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    }
}
