import Reports
import Resolver
import Testing

/// The other team's tests. They share ServiceResolver.shared, so whether one passes depends on
/// which ran before it, and they cannot run in parallel at all.
@Suite(.serialized)
struct ReportsTests {
    @Test func aReportListsTheFinishedTitles() async {
        ServiceResolver.shared.register((any ReadingStore).self) { Finished(["Piranesi"]) }
        ServiceResolver.shared.register((any Analytics).self) { Silent() }

        #expect(await ReportService(title: "May").summary() == "May: 1 finished\n• Piranesi")
    }

    @Test func anEmptyMonthSaysSo() async {
        // Passes only after the test above, which registered the analytics.
        ServiceResolver.shared.register((any ReadingStore).self) { Finished([]) }

        #expect(await ReportService(title: "June").summary() == "June: 0 finished")
    }
}

private struct Finished: ReadingStore {
    let titles: [String]
    init(_ titles: [String]) { self.titles = titles }
    func finishedTitles() async -> [String] { titles }
}

private struct Silent: Analytics {
    func track(_ event: String) {}
}
