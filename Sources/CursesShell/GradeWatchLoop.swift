import DIKataCore
import Foundation

/// `dikata grade --watch`: grades one kata now, then again after every save of its files, until
/// the task that runs it is cancelled (Ctrl-C). The tutorial's grading on save without the
/// tutorial: the same ``FileWatcher``, and every grade in this one process, so a grade after a
/// save pays no start-up (no dynamic loading, argument parsing or reading of the kata library).
///
/// Everything it touches comes in: the watcher (whose file events and stamps tests set), the
/// grade, where a result goes, the clock and the pause between looks.
public struct GradeWatchLoop: Sendable {
    /// What one grade gave: a verdict, or why there is none (a package problem the learner can
    /// fix while the loop keeps watching, such as a deleted Package.swift).
    public enum Graded: Sendable, Equatable {
        case verdict(Verdict)
        case failed(String)
    }

    /// Notices saves: file events where the system has them, else polling.
    public var watcher: FileWatcher
    /// The files whose saves regrade, listed again at each look (a new file is a save too).
    public var files: @Sendable () -> [String]
    public var grade: @Sendable () async -> Graded
    /// Shows one result: the first grade's, then one per save.
    public var show: @Sendable (Graded) async -> Void
    public var now: @Sendable () -> Date
    public var pause: @Sendable (Duration) async -> Void
    /// How long the loop sleeps between looks at the files when nothing changed: a save waits
    /// half of it on average (a look with file events is one read that finds nothing).
    public var interval: Duration

    public init(
        watcher: FileWatcher, files: @escaping @Sendable () -> [String], grade: @escaping @Sendable () async -> Graded,
        show: @escaping @Sendable (Graded) async -> Void, now: @escaping @Sendable () -> Date,
        pause: @escaping @Sendable (Duration) async -> Void, interval: Duration = .milliseconds(5)
    ) {
        self.watcher = watcher
        self.files = files
        self.grade = grade
        self.show = show
        self.now = now
        self.pause = pause
        self.interval = interval
    }

    /// Grades, then grades after each save until cancelled; returns how many grades it showed.
    /// A grade cancelled halfway is not shown: its processes were stopped, so it proves nothing.
    @discardableResult
    public func run() async -> Int {
        var watcher = self.watcher
        // The baseline is taken before the first grade, so a save made while it runs regrades.
        _ = watcher.poll(files, now: now())
        var shown = 0
        var due = true
        while !Task.isCancelled {
            if due {
                let result = await grade()
                guard !Task.isCancelled else { break }
                await show(result)
                shown += 1
            }
            due = watcher.poll(files, now: now())
            if !due { await pause(interval) }
        }
        return shown
    }

    /// The line under each result: what is watched, how and when it was graded, how long it took.
    public static func status(kata: String, graded: Graded, clock: String) -> String {
        let what: String
        switch graded {
        case .verdict(let verdict):
            let seconds = String(format: "%.2f", verdict.duration)
            what = "\(verdict.totals.passed)/\(verdict.totals.checks) passed at \(clock) (\(seconds) s)"
        case .failed: what = "not graded at \(clock) (see above)"
        }
        return "Watching \(kata): \(what). Save to grade again; Ctrl-C stops."
    }
}
