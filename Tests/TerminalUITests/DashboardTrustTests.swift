import DIKataCore
import Foundation
import TerminalUI
import Testing

/// The terminal dashboard marks the cells the host regraded (`dikata-host --verify`): `v` when
/// verified, `≠` when the host's grade disagrees; the legend explains them only then.
@Suite struct DashboardTrustTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_600)

    static func cell(passed: Bool, trust: Trust?) -> Dashboard.Cell {
        let verification = trust.map {
            Verification(
                resultId: "r", status: $0 == .mismatch ? .mismatch : .verified, points: $0 == .mismatch ? 2 : 11,
                maxPoints: 11, passed: $0 != .mismatch, claimedPoints: 11, claimedPassed: true, verifiedAt: now)
        }
        return Dashboard.Cell(
            status: passed ? .passed : .failing, bestPoints: passed ? 11 : 2, maxPoints: 11, attempts: 1,
            lastAttemptAt: now.addingTimeInterval(-120), stuckOn: nil, verification: verification, trust: trust)
    }

    static func screen(_ cells: [(String, Dashboard.Cell)]) -> String {
        let dashboard = Dashboard(
            katas: ["00-warm-up"],
            participants: cells.enumerated().map { index, entry in
                Dashboard.Participant(id: "\(index)", name: entry.0, lastSeen: nil, cells: ["00-warm-up": entry.1])
            }, heat: [], room: RoomState(katas: ["00-warm-up"]), resultCount: cells.count, generatedAt: now)
        return DashboardScreen(dashboard: dashboard, error: nil, now: now, theme: .monochrome).render(
            rows: 12, cols: 120
        ).text
    }

    @Test func regradedCellsAreMarkedAndTheLegendSaysHow() {
        let text = Self.screen([
            ("Honest", Self.cell(passed: true, trust: .verified)),
            ("Forger", Self.cell(passed: true, trust: .mismatch)),
            ("Quiet", Self.cell(passed: false, trust: .selfReported)),
        ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.contains("Honest") }?.contains("✓ 11/11 v") == true, "\(text)")
        #expect(lines.first { $0.contains("Forger") }?.contains("✓ 11/11 ≠") == true, "\(text)")
        #expect(lines.first { $0.contains("Quiet") }?.contains("✗1 2m") == true, "\(text)")
        #expect(lines.first { $0.contains("Quiet") }?.contains("v") == false, "self-reported has no mark")
        #expect(text.contains("v verified ≠ mismatch"))
    }

    @Test func withoutRegradingNothingIsMarked() {
        let text = Self.screen([("Ada", Self.cell(passed: true, trust: nil))])
        #expect(text.contains("✓ 11/11"))
        #expect(!text.contains("✓ 11/11 v") && !text.contains("≠"))
        #expect(!text.contains("verified"))
    }
}
