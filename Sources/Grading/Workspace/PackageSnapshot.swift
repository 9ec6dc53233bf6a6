import DIKataCore
import Foundation

/// A copy of the learner's package taken before grading, so that nothing dikata runs can
/// touch the learner's files, and so that a file changing mid-grade cannot confuse the build.
struct PackageSnapshot {
    /// Where the copy lives (inside the kata's build folder).
    var root: URL
    /// Package-relative path → UTF-8 text, for every copied file.
    var files: [String: String]
    /// Problems that stop grading (symlinks out of the package, non-UTF-8 sources, …).
    var problems: [String]
    var notes: [String]

    static let maximumFileBytes = 1 << 20
    static let maximumFiles = 2_000
    static let skippedFolders: Set<String> = [".build", ".swiftpm", ".git", ".dikata"]

    /// Copies `Package.swift` and every `.swift` file of `source` into `destination` (replacing
    /// what was there). Targets the kata marks read-only are taken from the `starter`'s files
    /// instead (a shared target's from the library's folder, so a change there changes the
    /// snapshot).
    ///
    /// The last grade's copy is updated in place: only files whose bytes differ are written and
    /// files no longer in the package are removed (about 10 ms a grade, most of the snapshot's
    /// time). Anything in it that is not a plain file or folder, or any file that cannot be
    /// written, makes a fresh copy instead.
    static func capture(
        _ source: URL, into destination: URL, readOnlyTargets: [String], starter: KataFiles
    ) throws -> PackageSnapshot {
        if let previous = previousFiles(in: destination),
            let snapshot = try? capture(
                source, into: destination, readOnlyTargets: readOnlyTargets, starter: starter, previous: previous)
        {
            return snapshot
        }
        try? FileManager.default.removeItem(at: destination)
        return try capture(source, into: destination, readOnlyTargets: readOnlyTargets, starter: starter, previous: [:])
    }

    /// The files of an earlier copy by relative path; nil when it holds anything but plain files
    /// and folders (a link is never followed, read or written through).
    private static func previousFiles(in destination: URL) -> [String: Data]? {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: destination.path) else { return [:] }
        var files: [String: Data] = [:]
        for path in FolderWalk(destination).files() {
            let file = destination.appendingPathComponent(path).path
            guard FileStatus.of(file)?.kind == .regular, let data = fileManager.contents(atPath: file)
            else { return nil }
            files[path] = data
        }
        return files
    }

    private static func capture(
        _ source: URL, into destination: URL, readOnlyTargets: [String], starter: KataFiles,
        previous: [String: Data]
    ) throws -> PackageSnapshot {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        var snapshot = PackageSnapshot(root: destination, files: [:], problems: [], notes: [])
        let sourceRoot = source.resolvingSymlinksInPath().standardizedFileURL
        let readOnlyPrefixes = readOnlyTargets.map { "Sources/\($0)/" }

        var learnerFiles = collect(sourceRoot, problems: &snapshot.problems)
        var overridden: [String] = []
        for prefix in readOnlyPrefixes {
            let learner = learnerFiles.filter { $0.key.hasPrefix(prefix) }
            let original = starter.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".swift") }.contents()
            if learner != original { overridden.append(String(prefix.dropFirst("Sources/".count).dropLast())) }
            for key in learner.keys { learnerFiles.removeValue(forKey: key) }
            learnerFiles.merge(original) { _, new in new }
        }
        if !overridden.isEmpty {
            snapshot.notes.append(
                "Your changes to \(overridden.joined(separator: ", ")) were not graded: the kata provides \(overridden.count == 1 ? "that target" : "those targets") read-only. Restore the original files to avoid surprises."
            )
        }
        for folder in ["hidden", "solution"]
        where fileManager.fileExists(atPath: sourceRoot.appendingPathComponent(folder).path) {
            snapshot.notes.append(
                "The package's own \(folder)/ folder was ignored: hidden checks and solutions always come from dikata.")
        }
        if learnerFiles.count > maximumFiles {
            snapshot.problems.append(
                "The package has \(learnerFiles.count) Swift files; dikata grades at most \(maximumFiles).")
        }
        for (path, data) in learnerFiles.sorted(by: { $0.key < $1.key }) {
            guard data.count <= maximumFileBytes else {
                snapshot.problems.append(
                    "\(path) is \(data.count / 1024) KiB; source files over 1 MiB are not graded. Shorten it.")
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                snapshot.problems.append("\(path) is not UTF-8 text. Save it as UTF-8 in your editor.")
                continue
            }
            if previous[path] != data {
                let target = destination.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            }
            snapshot.files[path] = text
        }
        let stale = previous.keys.filter { snapshot.files[$0] == nil }
        for path in stale { try fileManager.removeItem(at: destination.appendingPathComponent(path)) }
        if !stale.isEmpty { try removeEmptyFolders(in: destination) }
        if snapshot.files["Package.swift"] == nil
            && !snapshot.problems.contains(where: { $0.hasPrefix("Package.swift") })
        {
            snapshot.problems.append(
                "There is no Package.swift in \(source.path). Is this a kata folder? `dikata reset` restores a kata's starter."
            )
        }
        return snapshot
    }

    /// Removes the folders left empty below `root`, deepest first.
    private static func removeEmptyFolders(in root: URL) throws {
        let fileManager = FileManager.default
        let walk = FolderWalk(root)
        var folders: [String] = []
        var pending = walk.folders()
        while let folder = pending.popLast() {
            folders.append(folder)
            pending += FolderWalk(root.appendingPathComponent(folder)).folders().map { folder + "/" + $0 }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            let url = root.appendingPathComponent(folder)
            if try fileManager.contentsOfDirectory(atPath: url.path).isEmpty { try fileManager.removeItem(at: url) }
        }
    }

    /// Whether the file at `relative` (a package path) is read by grading: the manifests and
    /// `.swift` files outside build, tool and hidden folders. Nothing else can change a verdict.
    static func isGraded(_ relative: String) -> Bool {
        let folders = relative.split(separator: "/").dropLast()
        guard !folders.contains(where: { skippedFolders.contains(String($0)) || $0.hasPrefix(".") }) else {
            return false
        }
        return relative.hasSuffix(".swift")
    }

    /// Package.swift (and versioned variants) plus `.swift` files, keyed by relative path.
    /// Symbolic links are followed only when they stay inside the package.
    private static func collect(_ root: URL, problems: inout [String]) -> [String: Data] {
        let fileManager = FileManager.default
        var result: [String: Data] = [:]
        guard
            let enumerator = fileManager.enumerator(
                at: root, includingPropertiesForKeys: [])
        else {
            problems.append("\(root.path) cannot be read.")
            return result
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(rootPath.count))
            let status = FileStatus.of(url.path)
            if status?.kind == .folder {
                if skippedFolders.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".") {
                    enumerator.skipDescendants()
                }
                continue
            }
            guard isGraded(relative) else { continue }
            var readFrom = url
            if status?.kind == .symbolicLink {
                let resolved = url.resolvingSymlinksInPath().standardizedFileURL
                guard resolved.path.hasPrefix(rootPath) else {
                    problems.append(
                        "\(relative) is a symbolic link to \(resolved.path), outside the kata folder. Replace it with a regular file."
                    )
                    continue
                }
                readFrom = resolved
            }
            guard let data = fileManager.contents(atPath: readFrom.path) else {
                problems.append("\(relative) cannot be read. Check its permissions.")
                continue
            }
            result[relative] = data
        }
        return result
    }
}
