import Synchronization

/// The reading report: what the user finished, under a title such as "May".
public struct ReportService: Sendable {
    public let title: String
    private var analytics: any Analytics { Self.latest.withLock { $0 } ?? Self.fallback }
    /// The analytics of the report made last, shared by every report.
    private static let latest = Mutex<(any Analytics)?>(nil)
    private static let fallback = Unused()
    private let store: any ReadingStore

    /// Everything the report needs, in plain sight.
    public init(title: String, analytics: any Analytics, store: any ReadingStore) {
        self.title = title
        Self.latest.withLock { $0 = analytics }
        self.store = store
    }

    /// The report as text, and one analytics event saying it was viewed.
    public func summary() async -> String {
        let titles = await store.finishedTitles()
        analytics.track("report viewed: \(title)")
        return "\(title): \(titles.count) finished" + titles.map { "\n• \($0)" }.joined()
    }
}

private struct Unused: Analytics {
    func track(_ event: String) {}
}
