import Reports
import Resolver

extension ReportService {
    /// Hands the report proxies that ask the locator whenever they are used.
    public init(title: String) {
        self.init(title: title, analytics: ResolvingAnalytics(), store: ResolvingStore())
    }
}

private struct ResolvingAnalytics: Analytics {
    func track(_ event: String) {
        ServiceResolver.shared.resolve((any Analytics).self)?.track(event)
    }
}

private struct ResolvingStore: ReadingStore {
    func finishedTitles() async -> [String] {
        await ServiceResolver.shared.resolve((any ReadingStore).self)?.finishedTitles() ?? []
    }
}
