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
        private let watches = Mutex<[String: Int32]>([:])
        private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

        init?() {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
        }

        deinit { close(descriptor) }

        func watch(_ folders: [String]) -> Bool {
            watches.withLock { watches in
                let wanted = Set(folders)
                for (folder, watch) in watches where !wanted.contains(folder) {
                    inotify_rm_watch(descriptor, watch)
                    watches[folder] = nil
                }
                var all = true
                for folder in wanted where watches[folder] == nil {
                    let watch = inotify_add_watch(descriptor, folder, Self.mask)
                    if watch >= 0 { watches[folder] = watch } else { all = false }
                }
                return all
            }
        }

        /// Reads every queued event; a watch's own removal (`IN_IGNORED`) is not a change.
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
                    if event.mask & UInt32(IN_IGNORED) == 0 {
                        seen = max(seen, event.mask & finished != 0 ? .finished : .underway)
                    }
                    offset += header + Int(event.len)
                }
            }
        }
    }
#endif
