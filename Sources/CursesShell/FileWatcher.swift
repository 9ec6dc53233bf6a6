import Foundation

/// Notices saved files by polling their stamps (size and modification time: portable, no
/// inotify), and reports a change once the files have been quiet for `debounce` seconds, so an
/// editor's several writes of one save give one grade. The time comes in with each poll.
public struct FileWatcher: Sendable {
    public var debounce: Double
    /// Reads a stamp for each path that exists; a changed stamp means a changed file.
    public var stamps: @Sendable (_ paths: [String]) -> [String: String]
    private var signature: [String: String] = [:]
    private var changedAt: Date?

    public init(debounce: Double = 0.2, stamps: @escaping @Sendable (_ paths: [String]) -> [String: String]) {
        self.debounce = debounce
        self.stamps = stamps
    }

    /// Watches the file system.
    public static var live: FileWatcher { FileWatcher(stamps: fileSystemStamps) }

    /// Call periodically with the files to watch; true when a settled change is seen.
    public mutating func poll(_ paths: [String], now: Date) -> Bool {
        let current = stamps(paths)
        if signature.isEmpty {
            signature = current
            return false
        }
        if current != signature {
            signature = current
            changedAt = now
            return false
        }
        if let changedAt, now.timeIntervalSince(changedAt) >= debounce {
            self.changedAt = nil
            return true
        }
        return false
    }

    /// Starts over (e.g. when the watched kata changes).
    public mutating func reset() {
        signature = [:]
        changedAt = nil
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
