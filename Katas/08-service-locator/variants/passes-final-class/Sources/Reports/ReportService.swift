/// The reading report, as a reference type.
public final class ReportService: Sendable {
    public let title: String
    let analytics: any Analytics
    let store: any ReadingStore

    public init(title: String, analytics: any Analytics, store: any ReadingStore) {
        self.title = title
        self.analytics = analytics
        self.store = store
    }

    public func summary() async -> String {
        let titles = await store.finishedTitles()
        analytics.track("report viewed: \(title)")
        let lines = titles.map { "\n• \($0)" }
        return "\(title): \(titles.count) finished\(lines.joined())"
    }
}
