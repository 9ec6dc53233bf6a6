import CursesShell
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 15's watch mode: with file events a save is reported at the first look after it, with no
/// debounce; without them the stamps are polled and debounced as before.
@Suite("File watcher: events first, polling as the fallback")
struct FileWatcherTests {
    /// A test file system: stamps a test sets, and events it raises.
    final class Files: Sendable {
        let stamps = Mutex<[String: String]>(["/pkg/Sources/Login/A.swift": "1"])
        let pending = Mutex(false)
        let watched = Mutex<[[String]]>([])

        var events: FileEvents {
            FileEvents(
                watch: { folders in
                    self.watched.withLock { $0.append(folders) }
                    return true
                },
                drain: {
                    self.pending.withLock { pending in
                        defer { pending = false }; return pending
                    }
                })
        }

        func save(_ path: String, _ stamp: String) {
            stamps.withLock { $0[path] = stamp }
            pending.withLock { $0 = true }
        }

        var paths: [String] { stamps.withLock { Array($0.keys).sorted() } }
        var folders: [[String]] { watched.withLock { $0 } }
        func read(_ paths: [String]) -> [String: String] { stamps.withLock { $0.filter { paths.contains($0.key) } } }
    }

    let start = Date(timeIntervalSince1970: 1_000)

    @Test("an event is a save at once: no debounce, no poll interval to wait for")
    func eventsReportAtOnce() {
        let files = Files()
        var watcher = FileWatcher(debounce: 0.2, pollInterval: 0.15, events: files.events, stamps: files.read)
        let seen1 = watcher.poll({ files.paths }, now: start)
        #expect(!seen1)
        #expect(files.folders == [["/pkg/Sources/Login"]])
        files.save("/pkg/Sources/Login/A.swift", "2")
        let seen2 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.01))
        #expect(seen2)
        let seen3 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.02))
        #expect(!seen3, "one save, one change")
    }

    @Test("an event for a file the kata does not grade (an editor's swap file) is no change")
    func unrelatedEvent() {
        let files = Files()
        var watcher = FileWatcher(events: files.events, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        files.pending.withLock { $0 = true }
        let seen4 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.01))
        #expect(!seen4)
    }

    @Test("a file in a new folder is watched and seen at the next look")
    func newFolder() {
        let files = Files()
        var watcher = FileWatcher(pollInterval: 0.15, events: files.events, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        files.stamps.withLock { $0["/pkg/Sources/Items/B.swift"] = "1" }
        let seen5 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.2))
        #expect(seen5)
        #expect(files.folders.last == ["/pkg/Sources/Items", "/pkg/Sources/Login"])
    }

    @Test("without events the stamps are polled and a change settles for the debounce")
    func pollingFallback() {
        let files = Files()
        var watcher = FileWatcher(debounce: 0.2, pollInterval: 0.15, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        files.save("/pkg/Sources/Login/A.swift", "2")
        let seen6 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.05))
        #expect(!seen6, "before the poll interval")
        let seen7 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.2))
        #expect(!seen7, "changed, not yet quiet")
        let seen8 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.45))
        #expect(seen8)
    }

    /// The tutorial watches the progress file, which the first grade creates: a file that did
    /// not exist at the first look is a change when it appears, with events and without.
    @Test("a file created after the first look is a change", arguments: [true, false])
    func createdLater(events: Bool) {
        let files = Files()
        let file = "/ws/.dikata/progress.json"
        var watcher = FileWatcher(
            debounce: 0.2, pollInterval: 0.15, events: events ? files.events : nil,
            stamps: { paths in files.read(paths) })
        let first = watcher.poll([file], now: start)
        #expect(!first, "nothing there yet: the baseline is no file")
        files.save(file, "1")
        var seen = false
        for step in 1...8 where !seen {
            seen = watcher.poll([file], now: start.addingTimeInterval(0.1 * Double(step)))
        }
        #expect(seen)
    }

    @Test("folders that cannot be watched leave the watcher polling")
    func unwatchable() {
        let files = Files()
        let refusing = FileEvents(watch: { _ in false }, drain: { false })
        var watcher = FileWatcher(debounce: 0.2, pollInterval: 0.15, events: refusing, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        files.save("/pkg/Sources/Login/A.swift", "2")
        let seen9 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.2))
        #expect(!seen9)
        let seen10 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.45))
        #expect(seen10)
    }

    #if os(Linux)
        @Test("inotify sees a finished write and a rename into the folder, and nothing else")
        func liveInotify() throws {
            let folder = Fixtures.runFolder.appendingPathComponent("dikata-inotify-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let events = try #require(FileEvents.live)
            #expect(events.watch([folder.path]))
            #expect(!events.drain())
            try Data("a".utf8).write(to: folder.appendingPathComponent("A.swift"))
            #expect(events.drain())
            #expect(!events.drain())
            let temporary = Fixtures.runFolder.appendingPathComponent("dikata-save-\(UUID())")
            try Data("b".utf8).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: folder.appendingPathComponent("B.swift"))
            #expect(events.drain())
            #expect(events.watch([]))
            try Data("c".utf8).write(to: folder.appendingPathComponent("A.swift"))
            #expect(!events.drain(), "no longer watched")
        }
    #endif
}
