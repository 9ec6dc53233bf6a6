/// The reading report: what the user finished, under a title such as "May".
public struct ReportService: Sendable {
    public let title: String
    private let track: @Sendable (String) -> Void
    private let store: any ReadingStore

    public init(title: String, analytics: some Analytics, store: some ReadingStore) {
        self.title = title
        self.track = { analytics.track($0) }
        self.store = store
    }

    public func summary() async -> String {
        let titles = await store.finishedTitles()
        track("report viewed: \(title)")
        return ([ "\(title): \(titles.count) finished" ] + titles.map { "• \($0)" }).joined(separator: "\n")
    }
}
