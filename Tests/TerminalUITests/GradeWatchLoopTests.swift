import CursesShell
import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// `dikata grade --watch`: one grade at the start, one per save, none shown for a grade that
/// Ctrl-C cut short, and a package problem shown without ending the watch.
@Suite("Grade watch loop: a grade per save, in one process")
struct GradeWatchLoopTests {
    /// A kata's files, the saves a test makes to them, and the events those raise.
    final class Package: Sendable {
        let stamps = Mutex<[String: String]>([
            "/ws/00-warm-up/Package.swift": "1", "/ws/00-warm-up/Sources/Launch/Launch.swift": "1",
        ])
        let pending = Mutex(FileEvents.Seen.nothing)

        var events: FileEvents {
            FileEvents(
                watch: { _ in true },
                drain: {
                    self.pending.withLock { pending in
                        defer { pending = .nothing }
                        return pending
                    }
                })
        }

        func save(_ path: String = "/ws/00-warm-up/Sources/Launch/Launch.swift") {
            stamps.withLock { $0[path, default: "0"] += "+" }
            pending.withLock { $0 = .finished }
        }

        var files: [String] { stamps.withLock { $0.keys.sorted() } }
        func read(_ paths: [String]) -> [String: String] { stamps.withLock { $0.filter { paths.contains($0.key) } } }
    }

    /// What the loop did, in order: "grade", "show …", "pause".
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
        func count(_ entry: String) -> Int { all.filter { $0 == entry }.count }
    }

    /// A loop over `package` whose grades give `results` in turn (the last one after that) and
    /// whose n-th pause runs `onPause(n)`; it stops (as Ctrl-C stops it) at pause `stopAt`.
    func loop(
        _ package: Package, log: Log, results: [GradeWatchLoop.Graded] = [.verdict(SampleVerdicts.passing)],
        stopAt: Int, onGrade: @escaping @Sendable (Int) -> Void = { _ in },
        onPause: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> GradeWatchLoop {
        let grades = Mutex(0)
        let pauses = Mutex(0)
        return GradeWatchLoop(
            watcher: FileWatcher(events: package.events, stamps: package.read),
            files: { package.files },
            grade: {
                let index = grades.withLock { count in
                    defer { count += 1 }
                    return count
                }
                log.add("grade")
                onGrade(index)
                return results[min(index, results.count - 1)]
            },
            show: { graded in
                switch graded {
                case .verdict(let verdict): log.add("show \(verdict.outcome.rawValue)")
                case .failed(let message): log.add("show error: \(message)")
                }
            },
            now: { Date(timeIntervalSince1970: 1_000) },
            pause: { _ in
                let index = pauses.withLock { count in
                    count += 1
                    return count
                }
                log.add("pause")
                onPause(index)
                if index >= stopAt { withUnsafeCurrentTask { $0?.cancel() } }
            })
    }

    @Test("the first grade is shown at once, and each save grades again; no save, no grade")
    func gradesOncePerSave() async {
        let package = Package()
        let log = Log()
        let watch = loop(
            package, log: log, results: [.verdict(SampleVerdicts.failing), .verdict(SampleVerdicts.passing)],
            stopAt: 6, onPause: { if $0 == 2 { package.save() } })
        let shown = await Task { await watch.run() }.value
        #expect(shown == 2)
        #expect(log.all.filter { $0 != "pause" } == ["grade", "show failed", "grade", "show passed"])
        #expect(log.all.prefix(5) == ["grade", "show failed", "pause", "pause", "grade"])
    }

    @Test("a save made while a grade runs grades again right after it, without waiting")
    func saveDuringAGrade() async {
        let package = Package()
        let log = Log()
        let watch = loop(package, log: log, stopAt: 1, onGrade: { if $0 == 0 { package.save() } })
        let shown = await Task { await watch.run() }.value
        #expect(shown == 2)
        #expect(log.all == ["grade", "show passed", "grade", "show passed", "pause"])
    }

    @Test("a new file in the kata is a save too (the files are listed again at each look)")
    func newFile() async {
        let package = Package()
        let log = Log()
        let watch = loop(
            package, log: log, stopAt: 3,
            onPause: { if $0 == 1 { package.save("/ws/00-warm-up/Sources/Launch/Greeting.swift") } })
        #expect(await Task { await watch.run() }.value == 2)
    }

    @Test("a grade Ctrl-C cut short is not shown: its processes were stopped, so it proves nothing")
    func cancelledGradeIsNotShown() async {
        let package = Package()
        let log = Log()
        let watch = loop(
            package, log: log, stopAt: 100,
            onGrade: { index in
                if index == 1 { withUnsafeCurrentTask { $0?.cancel() } }
            },
            onPause: { if $0 == 1 { package.save() } })
        let shown = await Task { await watch.run() }.value
        #expect(shown == 1)
        #expect(log.all == ["grade", "show passed", "pause", "grade"])
    }

    @Test("a package problem is shown and the watch goes on: the next save grades again")
    func failureKeepsWatching() async {
        let package = Package()
        let log = Log()
        let watch = loop(
            package, log: log,
            results: [.failed("There is no Package.swift in /ws/00-warm-up."), .verdict(SampleVerdicts.passing)],
            stopAt: 3, onPause: { if $0 == 1 { package.save("/ws/00-warm-up/Package.swift") } })
        #expect(await Task { await watch.run() }.value == 2)
        #expect(
            log.all.filter { $0.hasPrefix("show") } == [
                "show error: There is no Package.swift in /ws/00-warm-up.", "show passed",
            ])
    }

    @Test("the status line says what is watched, how the grade went, when and how long it took")
    func statusLine() {
        let passing = GradeWatchLoop.status(
            kata: "00-warm-up", graded: .verdict(SampleVerdicts.passing), clock: "15:43:02")
        let total = SampleVerdicts.passing.totals.checks
        let seconds = String(format: "%.2f", SampleVerdicts.passing.duration)
        #expect(
            passing
                == "Watching 00-warm-up: \(total)/\(total) passed at 15:43:02 (\(seconds) s). Save to grade again; Ctrl-C stops."
        )
        let failed = GradeWatchLoop.status(kata: "00-warm-up", graded: .failed("no Package.swift"), clock: "15:43:05")
        #expect(failed == "Watching 00-warm-up: not graded at 15:43:05 (see above). Save to grade again; Ctrl-C stops.")
    }
}
