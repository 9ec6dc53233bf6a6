import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopHost

/// What a host that regrades (`--verify`) says of trust: per cell only, never a dashboard-wide
/// "self-reported"; and a regrade the database cannot save is logged and leaves its result
/// self-reported. A real host on loopback, with the test's own grader (no process, no compiler).
@Suite struct RegradeTrustTests {
    static let grader = HostGrader { _, files in
        files.values.contains { $0.contains("solved") }
            ? .graded(points: 11, maxPoints: 11, passed: true) : .graded(points: 2, maxPoints: 11, passed: false)
    }

    static func result(code: String?) -> ResultSubmission {
        ResultSubmission(
            id: UUID().uuidString, kata: "00-warm-up", points: 11, maxPoints: 11, passed: true,
            checks: [.init(id: "signs-in", status: .passed)], durationMilliseconds: 10, gradedAt: Date(),
            code: code.map { ["Sources/Login/Login.swift": $0] })
    }

    func participant(_ host: InProcessHost, _ name: String) async throws -> WorkshopClient {
        let joined = try await WorkshopClient(baseURL: host.url).join(code: await host.state.joinCode, name: name)
        return WorkshopClient(baseURL: host.url, token: joined.token)
    }

    /// Waits (up to 10 s) until `done` holds.
    func eventually(_ done: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<1000 {
            if try await done() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func onARegradingHostTrustIsPerCellAndNeverClaimedForTheWholeDashboard() async throws {
        let host = try await InProcessHost.start {
            $0.regrading = Regrading(concurrent: 1, pending: 4, grader: Self.grader)
        }
        defer { Task { await host.stop() } }
        let facilitator = WorkshopClient(baseURL: host.url, token: await host.state.currentSecrets().facilitatorToken)
        _ = try await participant(host, "Honest").submit(Self.result(code: "// solved"))
        _ = try await participant(host, "Quiet").submit(Self.result(code: nil))
        func cell(_ name: String) async throws -> Dashboard.Cell? {
            try await facilitator.dashboard().participants.first { $0.name == name }?.cells["00-warm-up"]
        }
        #expect(try await eventually { try await cell("Honest")?.trust == .verified })

        let dashboard = try await facilitator.dashboard()
        #expect(dashboard.trust == nil, "no dashboard-wide claim on a host that regrades")
        #expect(try await cell("Quiet")?.trust == .selfReported, "a result without code says so in its own cell")
        let json = try await facilitator.export(csv: false)
        let top = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(top["trust"] == nil && top["participants"] != nil, "the JSON export has no dashboard-wide trust")
        let csv = try await facilitator.export(csv: true)
        #expect(csv.contains("Honest,00-warm-up,passed,11,11,1,") && csv.contains(",verified\r\n"))
        #expect(csv.contains("Quiet,00-warm-up,passed,11,11,1,") && csv.contains(",self-reported\r\n"))
        #expect(csv.contains("Quiet,01-singleton,not_started,0,0,0,,,self-reported\r\n"), "\(csv)")
    }

    @Test func aRegradeTheDatabaseCannotSaveIsLoggedAndTheResultStaysSelfReported() async throws {
        let log = RecordedLog()
        var dependencies = HostDependencies.live
        dependencies.log = log.log
        let host = try await InProcessHost.start(dependencies: dependencies) {
            $0.regrading = Regrading(concurrent: 1, pending: 4, grader: Self.grader)
        }
        defer { Task { await host.stop() } }
        // The store refuses every regrade, as a full disk or a broken database would.
        try await host.state.store.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_regrades BEFORE INSERT ON verification
                    BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
                    """)
        }
        let ada = try await participant(host, "Ada")
        let submission = Self.result(code: "// solved")
        _ = try await ada.submit(submission)
        #expect(try await eventually { !log.entries.isEmpty })

        #expect(log.entries.count == 1)
        let line = try #require(log.entries.first)
        #expect(line.contains("regrade of result \(submission.id) (00-warm-up) could not be saved"), "\(line)")
        #expect(line.contains("disk I/O error") && line.hasSuffix("it stays self-reported."), "\(line)")
        let cell = await host.state.dashboard().participants.first?.cells["00-warm-up"]
        #expect(cell?.trust == .selfReported && cell?.verification == nil)
        #expect(cell?.status == .passed, "the result itself was kept")
    }
}
