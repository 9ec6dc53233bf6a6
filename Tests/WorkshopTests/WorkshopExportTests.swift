import DIKataCore
import Foundation
import Testing

/// The workshop export goes through the shared CSV writer (issue 17, Medium): a participant's
/// chosen name or check id cannot become a spreadsheet formula, and every row says its results
/// are self-reported.
@Suite struct WorkshopExportTests {
    @Test func formulaLeadingNamesAndCheckIdsAreNeutralisedAndRowsSayWhoGradedThem() {
        var aggregate = DashboardAggregate()
        aggregate.join(id: "p", name: "=HYPERLINK(\"http://evil\",\"x\")", lastSeen: nil)
        aggregate.add(
            .init(
                participant: "p",
                submission: ResultSubmission(
                    id: "r", kata: "01-singleton", points: 1, maxPoints: 5, passed: false,
                    checks: [.init(id: "+cmd|' /C calc'!A0", status: .failed)], durationMilliseconds: 1,
                    gradedAt: Date(timeIntervalSince1970: 0))))
        for _ in 0..<2 {
            aggregate.add(
                .init(
                    participant: "p",
                    submission: ResultSubmission(
                        id: UUID().uuidString, kata: "01-singleton", points: 1, maxPoints: 5, passed: false,
                        checks: [.init(id: "+cmd|' /C calc'!A0", status: .failed)], durationMilliseconds: 1,
                        gradedAt: Date(timeIntervalSince1970: 60))))
        }
        let dashboard = aggregate.dashboard(
            room: RoomState(katas: ["01-singleton"]), now: Date(timeIntervalSince1970: 120))
        #expect(dashboard.trust == "self-reported")
        let lines = dashboard.csv().split(whereSeparator: \.isNewline)
        #expect(lines.first?.hasSuffix(",stuck_on,trust") == true)
        let row = String(lines.last ?? "")
        #expect(row.hasPrefix("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""), "\(row)")
        #expect(row.contains(",'+cmd|' /C calc'!A0,") || row.contains("\"'+cmd|' /C calc'!A0\""), "\(row)")
        #expect(row.hasSuffix(",self-reported"))
    }
}
