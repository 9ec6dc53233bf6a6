import Resolver

/// The reading report: what the user finished, under a title such as "May".
public struct ReportService: Sendable {
    public let title: String
    @Resolved private var analytics: (any Analytics)!
    @Resolved private var store: (any ReadingStore)!

    public init(title: String) {
        self.title = title
    }

    /// The report as text, and one analytics event saying it was viewed.
    public func summary() async -> String {
        let titles = await store.finishedTitles()
        analytics.track("report viewed: \(title)")
        return "\(title): \(titles.count) finished" + titles.map { "\n• \($0)" }.joined()
    }
}
