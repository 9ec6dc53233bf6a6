import Foundation

/// The build folders under `<cache>/builds`: one per kata and learner package. A class's
/// batch, a workshop host's regrades or a test suite grade a new package each time, so the
/// folders would pile up without end (tens of gigabytes). After each grade the least recently
/// graded folders beyond `limit` go; a folder a grade holds (its ``GradeLock``) never does.
public struct BuildFolders: Sendable {
    /// `<cache>/builds`.
    public var root: URL
    /// How many build folders stay.
    public var limit: Int

    public init(cacheRoot: URL, limit: Int) {
        self.root = cacheRoot.appendingPathComponent("builds", isDirectory: true)
        self.limit = max(1, limit)
    }

    public struct Entry: Equatable, Sendable {
        public var name: String
        /// The last grade's start (its lock file's modification time, set by ``GradeLock/markUsed(at:)``).
        public var lastUsed: Date
    }

    /// What ``removeAll()`` did.
    public struct Clearing: Equatable, Sendable {
        public var removed: [String] = []
        public var bytes: Int64 = 0
        /// Held by a grade running now: kept.
        public var busy: [String] = []

        /// What `dikata clean` prints.
        public func summary(root: URL) -> String {
            var lines: [String] = []
            switch removed.count {
            case 0: lines.append("No build folders to remove in \(root.path).")
            case let count:
                lines.append(
                    "Removed \(count) build folder\(count == 1 ? "" : "s") (\(BuildFolders.megabytes(bytes))) from \(root.path)."
                )
            }
            if !busy.isEmpty {
                lines.append(
                    "Kept \(busy.count) in use by a grade running now: \(busy.joined(separator: ", ")). Run `dikata clean` again once it ends."
                )
            }
            if !removed.isEmpty {
                lines.append(
                    "Your katas and progress are untouched; the next grade of each kata builds it from scratch.")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// "3.4 MB".
    public static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + 500_000) / 1_000_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    func lockFile(_ name: String) -> URL { root.appendingPathComponent(name + ".lock") }

    /// Every build folder, most recently used first.
    public func entries() -> [Entry] { entries(among: listing()) }

    /// The names in `root` (empty when there is none yet).
    private func listing() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    }

    private func entries(among names: [String]) -> [Entry] {
        let fileManager = FileManager.default
        return names.compactMap { name -> Entry? in
            guard !name.hasPrefix("."), !name.hasSuffix(".lock") else { return nil }
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return Entry(
                name: name,
                lastUsed: modified(lockFile(name)) ?? modified(root.appendingPathComponent(name)) ?? .distantPast)
        }.sorted { ($0.lastUsed, $1.name) > ($1.lastUsed, $0.name) }
    }

    /// Removes the least recently used folders beyond `limit` (and what an interrupted
    /// removal left); returns the names removed.
    @discardableResult
    public func prune() -> [String] {
        let names = listing()
        sweepInterrupted(names)
        let all = entries(among: names)
        guard all.count > limit else { return [] }
        return all[limit...].compactMap { entry in remove(entry.name, ifUnusedSince: entry.lastUsed) ? entry.name : nil
        }
    }

    /// Removes every folder no grade holds (`dikata clean`).
    public func removeAll() -> Clearing {
        let names = listing()
        sweepInterrupted(names)
        var clearing = Clearing()
        for entry in entries(among: names) {
            let size = Self.size(of: root.appendingPathComponent(entry.name))
            if remove(entry.name, ifUnusedSince: nil) {
                clearing.removed.append(entry.name)
                clearing.bytes += size
            } else {
                clearing.busy.append(entry.name)
            }
        }
        return clearing
    }

    /// Takes the folder's lock (without waiting), checks nobody graded there since the
    /// listing, moves the folder aside and deletes it, then deletes the lock file it holds.
    private func remove(_ name: String, ifUnusedSince listed: Date?) -> Bool {
        let lockURL = lockFile(name)
        guard let lock = GradeLock.take(lockURL) else { return false }
        defer { lock.release() }
        if let listed, let used = modified(lockURL), used > listed { return false }
        let folder = root.appendingPathComponent(name, isDirectory: true)
        let aside = root.appendingPathComponent(".\(name).removing", isDirectory: true)
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: aside)
        guard (try? fileManager.moveItem(at: folder, to: aside)) != nil else { return false }
        try? fileManager.removeItem(at: aside)
        lock.unlinkFile(lockURL)
        return true
    }

    /// A removal stopped between its move and its delete leaves `.<name>.removing`, and lock
    /// files can outlive their folders: delete both unless that name's lock is held (a grade
    /// or a removal running now).
    private func sweepInterrupted(_ names: [String]) {
        let fileManager = FileManager.default
        for hidden in names where hidden.hasPrefix(".") && hidden.hasSuffix(".removing") {
            let name = String(hidden.dropFirst().dropLast(".removing".count))
            guard let lock = GradeLock.take(lockFile(name)) else { continue }
            try? fileManager.removeItem(at: root.appendingPathComponent(hidden))
            if !fileManager.fileExists(atPath: root.appendingPathComponent(name).path) {
                lock.unlinkFile(lockFile(name))
            }
            lock.release()
        }
        for file in names where file.hasSuffix(".lock") && !file.hasPrefix(".") {
            let name = String(file.dropLast(".lock".count))
            let folder = root.appendingPathComponent(name)
            guard !fileManager.fileExists(atPath: folder.path), let lock = GradeLock.take(lockFile(name)) else {
                continue
            }
            if !fileManager.fileExists(atPath: folder.path) { lock.unlinkFile(lockFile(name)) }
            lock.release()
        }
    }

    private func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// The bytes of the regular files under `folder`.
    public static func size(of folder: URL) -> Int64 {
        FolderWalk(folder).files().reduce(Int64(0)) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { return total }
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
