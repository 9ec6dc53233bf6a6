import Reports
import Resolver

extension ReportService {
    /// The old call sites' initializer: resolves each dependency once, here, and hands it over.
    /// Reports itself never learns that a locator exists.
    init(title: String) {
        let resolver = ServiceResolver.shared
        guard let analytics = resolver.resolve((any Analytics).self),
            let store = resolver.resolve((any ReadingStore).self)
        else {
            // Not registered: the report still works, it just has nothing to show or tell.
            self.init(title: title, analytics: UnregisteredAnalytics(), store: UnregisteredStore())
            return
        }
        self.init(title: title, analytics: analytics, store: store)
    }
}

private struct UnregisteredAnalytics: Analytics {
    func track(_ event: String) {}
}

private struct UnregisteredStore: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
