import Reports
import Testing

/// Each test hands the report its own doubles: no shared registry, any order, in parallel.
struct ReportsTests {
    @Test func aReportListsTheFinishedTitles() async {
        let report = ReportService(title: "May", analytics: Silent(), store: Finished(["Piranesi"]))

        #expect(await report.summary() == "May: 1 finished\n• Piranesi")
    }

    @Test func anEmptyMonthSaysSo() async {
        let report = ReportService(title: "June", analytics: Silent(), store: Finished([]))

        #expect(await report.summary() == "June: 0 finished")
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
