import DIKataCore
import Foundation

/// The learner's workspace: one SwiftPM package per kata (copied from the starters) plus
/// dikata's own `.dikata/` folder. Grading never writes into a kata folder.
public struct Workspace: Sendable {
    public var root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    /// `--workspace` wins, then `DIKATA_WORKSPACE`, then `$XDG_DATA_HOME/dikata/workspace`,
    /// then `~/.local/share/dikata/workspace`.
    public static func defaultRoot(explicit: String?, environment: [String: String], home: String) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        if let variable = environment["DIKATA_WORKSPACE"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        return URL(fileURLWithPath: data).appendingPathComponent("dikata/workspace", isDirectory: true)
    }

    public var metadataDirectory: URL { root.appendingPathComponent(".dikata", isDirectory: true) }
    public var markerFile: URL { metadataDirectory.appendingPathComponent("workspace.json") }
    public var progressFile: URL { metadataDirectory.appendingPathComponent("progress.json") }

    public func packageDirectory(for kataID: String) -> URL {
        root.appendingPathComponent(kataID, isDirectory: true)
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: markerFile.path) }

    /// What `init` did.
    public struct InitReport: Equatable, Sendable {
        public var created: [String]
        public var kept: [String]
    }

    /// Copies every kata's starter that is not in the workspace yet. Existing kata folders are
    /// never touched, so running it again is safe.
    public func initialise(from library: KataLibrary) throws -> InitReport {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: metadataDirectory, withIntermediateDirectories: true)
        var created: [String] = []
        var kept: [String] = []
        for kata in library.ordered {
            let destination = packageDirectory(for: kata.id)
            if fileManager.fileExists(atPath: destination.path) {
                kept.append(kata.id)
                continue
            }
            try copyStarter(of: kata, to: destination)
            created.append(kata.id)
        }
        let marker: [String: Any] = [
            "format": KataManifest.supportedFormat, "katas": library.catalog.orderedKataIDs,
        ]
        let data = try JSONSerialization.data(withJSONObject: marker, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: markerFile, options: .atomic)
        return InitReport(created: created, kept: kept)
    }

    /// Copies a kata's starter, shared folders included (never `hidden/` or `solution/`), to
    /// `destination`.
    public func copyStarter(of kata: Kata, to destination: URL) throws {
        try KataFiles.starter(of: kata).write(to: destination)
    }
}

extension Workspace {
    public var backupsDirectory: URL { metadataDirectory.appendingPathComponent("backups", isDirectory: true) }

    /// Restores a kata's starter. The learner's folder is first copied to
    /// `.dikata/backups/<kata>-<time>/`; nothing is deleted unless that copy succeeded.
    public func reset(_ kata: Kata, at date: Date) throws -> URL {
        let backup = try self.backup(kata.id, at: date)
        try copyStarter(of: kata, to: packageDirectory(for: kata.id))
        return backup
    }

    /// Moves a kata folder to `.dikata/backups/<kata>-<time>/` (copied first, deleted only
    /// once the copy succeeded) and returns where; the path is unused when there was no folder.
    public func backup(_ kataID: String, at date: Date) throws -> URL {
        let fileManager = FileManager.default
        let destination = packageDirectory(for: kataID)
        let stamp = Self.timestamp(date)
        var backup = backupsDirectory.appendingPathComponent("\(kataID)-\(stamp)", isDirectory: true)
        var attempt = 1
        while fileManager.fileExists(atPath: backup.path) {
            attempt += 1
            backup = backupsDirectory.appendingPathComponent("\(kataID)-\(stamp)-\(attempt)", isDirectory: true)
        }
        try fileManager.createDirectory(at: backupsDirectory, withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: destination.path) {
            try fileManager.copyItem(at: destination, to: backup)
            try fileManager.removeItem(at: destination)
        }
        return backup
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    /// The files of a kata package worth watching for saves.
    /// Polled several times a second, so build folders (thousands of files) are never entered.
    public func watchedFiles(for kataID: String) -> [String] {
        Self.swiftFiles(in: packageDirectory(for: kataID))
    }

    /// Every Swift file of the package at `root` (Package.swift included), hidden folders such
    /// as `.build` left out: the files whose saves regrade a kata.
    public static func swiftFiles(in root: URL) -> [String] {
        FolderWalk(root, skipsHidden: true).files().filter { $0.hasSuffix(".swift") }.map {
            root.appendingPathComponent($0).path
        }
    }
}
