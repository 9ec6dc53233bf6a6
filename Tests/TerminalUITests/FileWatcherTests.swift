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
        let pending = Mutex(FileEvents.Seen.nothing)
        let watched = Mutex<[[String]]>([])

        var events: FileEvents {
            FileEvents(
                watch: { folders in
                    self.watched.withLock { $0.append(folders) }
                    return true
                },
                drain: {
                    self.pending.withLock { pending in
                        defer { pending = .nothing }; return pending
                    }
                })
        }

        /// A finished save of `path` (the editor closed it), or with `event`, what the events said.
        func save(_ path: String, _ stamp: String, event: FileEvents.Seen = .finished) {
            stamps.withLock {
                if stamp.isEmpty { $0[path] = nil } else { $0[path] = stamp }
            }
            pending.withLock { $0 = max($0, event) }
        }

        var paths: [String] { stamps.withLock { Array($0.keys).sorted() } }
        var folders: [[String]] { watched.withLock { $0 } }
        func read(_ paths: [String]) -> [String: String] { stamps.withLock { $0.filter { paths.contains($0.key) } } }
    }

    let start = Date(timeIntervalSince1970: 1_000)

    /// A watcher of `files` with events (debounce 0.2 s, a look every 0.15 s) that has taken its
    /// baseline at `start`.
    func watching(_ files: Files) -> FileWatcher {
        var watcher = FileWatcher(debounce: 0.2, pollInterval: 0.15, events: files.events, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        return watcher
    }

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
        files.pending.withLock { $0 = .finished }
        let seen4 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.01))
        #expect(!seen4)
    }

    @Test("a file in a new folder is watched from the next look and seen once quiet (no event said it was finished)")
    func newFolder() {
        let files = Files()
        var watcher = watching(files)
        files.stamps.withLock { $0["/pkg/Sources/Items/B.swift"] = "1" }
        let seen5 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.2))
        #expect(!seen5, "it may still be being written")
        #expect(files.folders.last == ["/pkg/Sources/Items", "/pkg/Sources/Login"])
        let seen6 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.41))
        #expect(seen6)
    }

    /// An editor that writes in place empties the file, writes it and closes it; a look between
    /// (the periodic one) must not grade the half-written file. The close that follows is the save.
    @Test("a half-written file seen without its close is no save; the close is, once")
    func halfWrittenFile() {
        let files = Files()
        var watcher = watching(files)
        files.stamps.withLock { $0["/pkg/Sources/Login/A.swift"] = "0 bytes" }
        let halfway = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.16))
        #expect(!halfway)
        files.save("/pkg/Sources/Login/A.swift", "2")
        let closed = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.17))
        #expect(closed)
        var again = false
        for step in 1...10 {
            again = again || watcher.poll({ files.paths }, now: start.addingTimeInterval(0.17 + 0.1 * Double(step)))
        }
        #expect(!again, "one save, one change")
    }

    /// A file deleted (or created and not yet closed) raises no finished event: it is reported once
    /// the files are quiet, and an editor's rename-into-place that follows at once is the save.
    @Test("a deleted file is a change once quiet; a move into place right after it is a save at once")
    func deletedAndMovedIntoPlace() {
        let files = Files()
        var watcher = watching(files)
        files.save("/pkg/Sources/Login/A.swift", "", event: .underway)
        let moved = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.01))
        #expect(!moved, "moved away: the new file may come next")
        files.save("/pkg/Sources/Login/A.swift", "2")
        let replaced = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.02))
        #expect(replaced)

        files.save("/pkg/Sources/Login/A.swift", "", event: .underway)
        let deleted = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.5))
        #expect(!deleted)
        let quiet = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.71))
        #expect(quiet, "a deletion is a change too, once nothing follows it")
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
        let refusing = FileEvents(watch: { _ in false }, drain: { .nothing })
        var watcher = FileWatcher(debounce: 0.2, pollInterval: 0.15, events: refusing, stamps: files.read)
        _ = watcher.poll({ files.paths }, now: start)
        files.save("/pkg/Sources/Login/A.swift", "2")
        let seen9 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.2))
        #expect(!seen9)
        let seen10 = watcher.poll({ files.paths }, now: start.addingTimeInterval(0.45))
        #expect(seen10)
    }

    #if os(Linux)
        /// `dikata reset` removes the kata's folder and lays the starter in a new one: the watcher
        /// sees that, and then the saves in the new folder, at once (a real folder, real inotify).
        @Test("a kata folder replaced by a new one is watched anew")
        func replacedFolder() async throws {
            let root = Fixtures.runFolder.appendingPathComponent("dikata-replaced-\(UUID())")
            let sources = root.appendingPathComponent("Sources/Launch")
            func lay(_ text: String) throws {
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try Data("// package".utf8).write(to: root.appendingPathComponent("Package.swift"))
                try Data(text.utf8).write(to: sources.appendingPathComponent("Launch.swift"))
            }
            try lay("let a = 1")
            defer { try? FileManager.default.removeItem(at: root) }
            var watcher = FileWatcher.live
            func paths() -> [String] {
                [
                    root.appendingPathComponent("Package.swift").path,
                    sources.appendingPathComponent("Launch.swift").path,
                ]
                .filter { FileManager.default.fileExists(atPath: $0) }
            }
            func seen(within seconds: Double) async -> Bool {
                await eventually(seconds: seconds, every: .milliseconds(5)) { watcher.poll(paths, now: Date()) }
            }
            _ = watcher.poll(paths, now: Date())
            // The learner's shell stands in the kata folder, so the old folder lives on after its
            // removal (its watch then says it was deleted, and is not ended by the kernel).
            let held = open(root.path, O_RDONLY | O_DIRECTORY)
            defer { close(held) }
            try FileManager.default.removeItem(at: root)
            try lay("let starter = 0")
            // Generous: with the whole fast tier running on two cores, a task's turn can be late.
            #expect(await seen(within: 10), "the reset is a change")
            #expect(!(await seen(within: 0.5)), "seen once")
            for file in ["Sources/Launch/Launch.swift", "Package.swift"] {
                try Data("// mine \(file)".utf8).write(to: root.appendingPathComponent(file))
                let start = Date()
                #expect(await seen(within: 2), "a save in the new \(file)'s folder")
                #expect(Date().timeIntervalSince(start) < 0.15, "at once: the new folder of \(file) is watched")
            }
        }

        @Test("inotify tells a finished write or a rename into the folder from a file created or deleted")
        func liveInotify() throws {
            let folder = Fixtures.runFolder.appendingPathComponent("dikata-inotify-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let events = try #require(FileEvents.live)
            #expect(events.watch([folder.path]))
            #expect(events.drain() == .nothing)
            try Data("a".utf8).write(to: folder.appendingPathComponent("A.swift"))
            #expect(events.drain() == .finished)
            #expect(events.drain() == .nothing)
            let temporary = Fixtures.runFolder.appendingPathComponent("dikata-save-\(UUID())")
            try Data("b".utf8).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: folder.appendingPathComponent("B.swift"))
            #expect(events.drain() == .finished)
            // Created and still open (an editor about to write it): under way; its close finishes it.
            let created = open(folder.appendingPathComponent("C.swift").path, O_CREAT | O_WRONLY, 0o644)
            #expect(created >= 0)
            #expect(events.drain() == .underway)
            close(created)
            #expect(events.drain() == .finished)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("B.swift"))
            #expect(events.drain() == .underway)
            // The folder replaced by a new one (as `dikata reset` does): watched anew when asked again.
            try FileManager.default.removeItem(at: folder)
            #expect(events.drain() == .underway)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(events.watch([folder.path]))
            try Data("d".utf8).write(to: folder.appendingPathComponent("A.swift"))
            #expect(events.drain() == .finished, "the new folder is watched")
            // Moved away: the watch does not follow it.
            let moved = Fixtures.runFolder.appendingPathComponent("dikata-moved-\(UUID())")
            try FileManager.default.moveItem(at: folder, to: moved)
            defer { try? FileManager.default.removeItem(at: moved) }
            #expect(events.drain() == .underway)
            try Data("e".utf8).write(to: moved.appendingPathComponent("A.swift"))
            #expect(events.drain() == .nothing, "the moved folder is no longer watched")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(events.watch([folder.path]))
            #expect(events.watch([]))
            try Data("c".utf8).write(to: folder.appendingPathComponent("A.swift"))
            #expect(events.drain() == .nothing, "no longer watched")
        }
    #endif
}
