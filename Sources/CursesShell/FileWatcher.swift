import Foundation

/// Notices saved files. With operating-system events (``FileEvents``) a save is reported at the
/// first look after the editor finished writing (closed the file, or moved it into place), with no
/// waiting; without them the files' stamps (size and modification time) are polled and a change is
/// reported once the files have been quiet for `debounce` seconds, so an editor's several writes of
/// one save give one grade. A change the events have not said is finished (a look between an
/// editor's emptying of a file and its writing, a file created or deleted, a folder not watched
/// yet) is reported only once quiet too: a grade of a half-written file would fail for nothing.
/// The time comes in with each look.
public struct FileWatcher: Sendable {
    public var debounce: Double
    /// How often stamps are read when there are no events (and how often the watched folders
    /// are checked for new ones when there are).
    public var pollInterval: Double
    /// Reads a stamp for each path that exists; a changed stamp means a changed file.
    public var stamps: @Sendable (_ paths: [String]) -> [String: String]
    public var events: FileEvents?
    /// The stamps as of the last change reported (or the first look); nil before the first look
    /// (no files at all is a signature too, so a file created later is a change).
    private var reported: [String: String]?
    /// The stamps last seen while a change settles, and since when they have not moved.
    private var settling: [String: String]?
    private var changedAt: Date?
    private var lastLook: Date?
    private var watchedFolders: [String]?

    public init(
        debounce: Double = 0.2, pollInterval: Double = 0.15, events: FileEvents? = nil,
        stamps: @escaping @Sendable (_ paths: [String]) -> [String: String]
    ) {
        self.debounce = debounce
        self.pollInterval = pollInterval
        self.events = events
        self.stamps = stamps
    }

    /// Watches the file system: inotify where there is one, else polling.
    public static var live: FileWatcher { FileWatcher(events: .live, stamps: fileSystemStamps) }

    /// Call as often as the loop turns, with the files to watch (read only when needed); true
    /// when a finished or settled change is seen.
    public mutating func poll(_ paths: () -> [String], now: Date) -> Bool {
        let due = lastLook.map { now.timeIntervalSince($0) >= pollInterval } ?? true
        if let events, watchedFolders != nil {
            // Events say when to look; the stamps say whether a watched file really changed
            // (an editor's swap file in the same folder is not a change).
            let seen = events.drain()
            guard seen != .nothing || due || changedAt != nil else { return false }
            lastLook = now
            let files = paths()
            follow(Self.folders(of: files), events: events)
            let current = stamps(files)
            return seen == .finished ? report(current) : settle(current, now: now)
        }
        guard due else { return false }
        lastLook = now
        let files = paths()
        // With events, each look tries to watch again (a folder missing for a moment, then back).
        if let events { follow(Self.folders(of: files), events: events) }
        return settle(stamps(files), now: now)
    }

    /// Call periodically with the files to watch; true when a settled change is seen.
    public mutating func poll(_ paths: [String], now: Date) -> Bool {
        poll({ paths }, now: now)
    }

    /// Starts over (e.g. when the watched kata changes).
    public mutating func reset() {
        reported = nil
        settling = nil
        changedAt = nil
        lastLook = nil
        watchedFolders = nil
    }

    /// Watches `folders`, asked again at each look: a folder replaced since (a kata reset to its
    /// starter) is watched anew. One that cannot be watched leaves the watcher polling, which sees
    /// every change.
    private mutating func follow(_ folders: [String], events: FileEvents) {
        watchedFolders = events.watch(folders) ? folders : nil
        if reported == nil { _ = events.drain() }
    }

    /// A finished save: reported when the stamps differ from the last change reported.
    private mutating func report(_ current: [String: String]) -> Bool {
        settling = nil
        changedAt = nil
        guard let reported else {
            self.reported = current
            return false
        }
        guard current != reported else { return false }
        self.reported = current
        return true
    }

    /// A change nothing said is finished: reported once the stamps have stayed the same for
    /// `debounce` seconds (and still differ from the last change reported).
    private mutating func settle(_ current: [String: String], now: Date) -> Bool {
        guard reported != nil else { return report(current) }
        if current != (settling ?? reported) {
            settling = current
            changedAt = now
            return false
        }
        if let changedAt, now.timeIntervalSince(changedAt) >= debounce {
            return report(current)
        }
        return false
    }

    /// The folders holding the files, sorted.
    static func folders(of paths: [String]) -> [String] {
        Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
    }

    /// Size and modification time of each file, from the file system.
    public static func fileSystemStamps(_ paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[path] = "\(size):\(modified)"
        }
        return result
    }
}
