import Reports
import Resolver

extension ReportService {
    public init(title: String) {
        let resolver = ServiceResolver.shared
        let ready = resolver.resolve((any Analytics).self) != nil
        let analytics: any Analytics = ready ? resolver.resolve((any Analytics).self)! : Quiet()
        let store: any ReadingStore = resolver.resolve((any ReadingStore).self) ?? Nothing()
        self.init(title: title, analytics: analytics, store: store)
    }
}

private struct Quiet: Analytics {
    func track(_ event: String) {}
}

private struct Nothing: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}
