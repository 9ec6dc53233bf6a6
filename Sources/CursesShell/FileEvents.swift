import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Change notifications from the operating system for a set of folders, so a save is seen as
/// soon as the editor closes the file instead of at the next poll.
///
/// The live value uses inotify on Linux (a finished write, a rename into the folder, a created
/// or deleted file); elsewhere `live` is nil and ``FileWatcher`` polls. Tests use their own value.
public struct FileEvents: Sendable {
    /// What the events since the last look say, the most telling of them.
    public enum Seen: Int, Comparable, Sendable {
        /// Nothing happened in the watched folders.
        case nothing
        /// A file was created, deleted or moved away: a save may be under way (an editor that
        /// creates a file writes it next; one that moves the old file away puts the new one in).
        case underway
        /// A write finished (its file was closed) or a file was moved in: a save is complete.
        case finished

        public static func < (left: Seen, right: Seen) -> Bool { left.rawValue < right.rawValue }
    }

    /// Watches exactly these folders from now on; false when that is not possible.
    public var watch: @Sendable (_ folders: [String]) -> Bool
    /// What happened in the watched folders since the last call. Never blocks.
    public var drain: @Sendable () -> Seen

    public init(watch: @escaping @Sendable ([String]) -> Bool, drain: @escaping @Sendable () -> Seen) {
        self.watch = watch
        self.drain = drain
    }

    /// inotify, when this system has it and a descriptor is available.
    public static var live: FileEvents? {
        #if os(Linux)
            guard let inotify = Inotify() else { return nil }
            return FileEvents(watch: { inotify.watch($0) }, drain: { inotify.drain() })
        #else
            return nil
        #endif
    }
}

#if os(Linux)
    /// One inotify descriptor and its watches; closed when the last reference goes.
    private final class Inotify: Sendable {
        private let descriptor: Int32
        /// Each watched folder's watch, and which folder it is (device and inode).
        private let watches = Mutex<[String: (descriptor: Int32, folder: String)]>([:])
        private static let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

        init?() {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
        }

        deinit { close(descriptor) }

        /// Watches `folders`, and no other. A path whose folder is not the one watched any more
        /// (deleted and made again, as `dikata reset` does, while a shell standing in the old one
        /// keeps it, and its watch, alive without a word) is watched anew.
        func watch(_ folders: [String]) -> Bool {
            watches.withLock { watches in
                let wanted = Set(folders)
                for (path, watch) in watches where !wanted.contains(path) || Self.identity(path) != watch.folder {
                    inotify_rm_watch(descriptor, watch.descriptor)
                    watches[path] = nil
                }
                var all = true
                for path in wanted where watches[path] == nil {
                    guard let folder = Self.identity(path) else {
                        all = false
                        continue
                    }
                    let watch = inotify_add_watch(descriptor, path, Self.mask)
                    if watch >= 0 { watches[path] = (watch, folder) } else { all = false }
                }
                return all
            }
        }

        /// The device and inode of the folder at `path`; nil when there is none.
        private static func identity(_ path: String) -> String? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return "\(info.st_dev):\(info.st_ino)"
        }

        /// Reads every queued event. A watched folder deleted or moved away is forgotten, so asking
        /// for its path again watches the folder there now (a kata reset to its starter).
        func drain() -> FileEvents.Seen {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var seen = FileEvents.Seen.nothing
            let finished = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return seen }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = buffer.withUnsafeBytes {
                        $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    }
                    let gone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)
                    if event.mask & (gone | UInt32(IN_IGNORED)) == 0 {
                        seen = max(seen, event.mask & finished != 0 ? .finished : .underway)
                    } else {
                        // The folder went (deleted, or moved away, perhaps to be replaced by a new
                        // one): its watch ends here (a moved folder's would follow it to its new
                        // place), and the next `watch` watches whatever is at its path then. (A
                        // deleted folder that something still holds, a shell standing in it, says
                        // nothing at all: `watch` finds it by its inode.) A watch ended already, by
                        // `watch` without the folder or here, is no longer in the table: its
                        // `IN_IGNORED` is no change.
                        if event.mask & gone != 0 { inotify_rm_watch(descriptor, event.wd) }
                        let lost = watches.withLock { watches in
                            let had = watches.values.contains { $0.descriptor == event.wd }
                            watches = watches.filter { $0.value.descriptor != event.wd }
                            return had
                        }
                        if lost { seen = max(seen, .underway) }
                    }
                    offset += header + Int(event.len)
                }
            }
        }
    }
#endif
