import Reports
import Resolver
import Synchronization

extension ReportService {
    /// The old call sites' initializer, resolving once per report.
    public init(title: String) {
        let resolver = ServiceResolver.shared
        let analytics = LastAnalytics.remember(resolver.resolve((any Analytics).self))
        let store = resolver.resolve((any ReadingStore).self) ?? UnregisteredStore()
        self.init(title: title, analytics: analytics, store: store)
    }
}

/// "Nobody registered analytics? Use the one we had last time."
private enum LastAnalytics {
    static let last = Mutex<(any Analytics)?>(nil)

    static func remember(_ resolved: (any Analytics)?) -> any Analytics {
        last.withLock { last in
            if let resolved { last = resolved }
            return last ?? UnregisteredAnalytics()
        }
    }
}

private struct UnregisteredAnalytics: Analytics {
    func track(_ event: String) {}
}

private struct UnregisteredStore: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
