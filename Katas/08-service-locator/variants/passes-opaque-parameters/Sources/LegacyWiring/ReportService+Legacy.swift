import Reports
import Resolver

/// What a legacy report needs, resolved together.
struct LegacyReportDependencies {
    var analytics: any Analytics
    var store: any ReadingStore

    init(resolver: ServiceResolver) {
        analytics = resolver.resolve((any Analytics).self) ?? Mute()
        store = resolver.resolve((any ReadingStore).self) ?? Blank()
    }
}

extension ReportService {
    public init(title: String) {
        let dependencies = LegacyReportDependencies(resolver: .shared)
        self.init(title: title, analytics: dependencies.analytics, store: dependencies.store)
    }
}

private struct Mute: Analytics {
    func track(_ event: String) {}
}

private struct Blank: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
