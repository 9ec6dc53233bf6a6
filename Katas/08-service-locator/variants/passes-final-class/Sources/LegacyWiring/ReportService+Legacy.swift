import Reports
import Resolver

extension ReportService {
    /// For the old call sites.
    public convenience init(title: String) {
        let resolved = LegacyResolution.reportDependencies(from: .shared)
        self.init(title: title, analytics: resolved.analytics, store: resolved.store)
    }
}

/// The one place the legacy code asks the locator for a report's dependencies.
enum LegacyResolution {
    static func reportDependencies(from resolver: ServiceResolver) -> (analytics: any Analytics, store: any ReadingStore) {
        (
            resolver.resolve((any Analytics).self) ?? Untracked(),
            resolver.resolve((any ReadingStore).self) ?? NoHistory()
        )
    }
}

private struct Untracked: Analytics {
    func track(_ event: String) {}
}

private struct NoHistory: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
