import Reports
import Resolver

extension ReportService {
    public init(title: String) {
        self.init(title: title, analytics: Self.legacyAnalytics, store: Self.legacyStore)
    }

    // Resolved the first time a legacy report is made, then kept for the whole process.
    private static let legacyAnalytics: any Analytics =
        ServiceResolver.shared.resolve((any Analytics).self) ?? Quiet()
    private static let legacyStore: any ReadingStore =
        ServiceResolver.shared.resolve((any ReadingStore).self) ?? Nothing()
}

private struct Quiet: Analytics {
    func track(_ event: String) {}
}

private struct Nothing: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
