import Reports
import Synchronization

/// Remembers every event it was asked to track.
final class AnalyticsSpy: Analytics {
    private let tracked = Mutex<[String]>([])

    func track(_ event: String) { tracked.withLock { $0.append(event) } }

    var events: [String] { tracked.withLock { $0 } }
}

/// A reading history with fixed titles.
struct FinishedTitles: ReadingStore {
    let titles: [String]

    init(_ titles: [String]) { self.titles = titles }

    func finishedTitles() async -> [String] { titles }
}

/// Counts calls by name, from any task.
final class CallCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func bump(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }

    subscript(_ name: String) -> Int { counts.withLock { $0[name, default: 0] } }
}
