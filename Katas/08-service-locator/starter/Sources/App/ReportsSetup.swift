import Reports
import Resolver

/// Production's analytics: one line per event on standard output.
struct ConsoleAnalytics: Analytics {
    func track(_ event: String) {
        print("analytics: \(event)")
    }
}

/// Stands in for the reading history Shelf will keep: nothing finished yet.
struct EmptyReadingStore: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}

/// The other team's set-up: registers what their @Resolved properties ask for.
enum ReportsSetup {
    static func registerServices(in resolver: ServiceResolver = .shared) {
        resolver.register((any Analytics).self) { ConsoleAnalytics() }
        resolver.register((any ReadingStore).self) { EmptyReadingStore() }
    }
}
