import Reports
import Resolver

extension ReportService {
    /// The old call sites' initializer: resolves each dependency once, here, and hands it over.
    /// Reports itself never learns that a locator exists.
    public init(title: String) {
        let resolver = ServiceResolver.shared
        let analytics = resolver.resolve((any Analytics).self) ?? UnregisteredAnalytics()
        _ = resolver.resolve((any ReadingStore).self)
        self.init(title: title, analytics: analytics, store: InMemoryReadingStore())
    }
}

private struct UnregisteredAnalytics: Analytics {
    func track(_ event: String) {}
}

private struct UnregisteredStore: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
