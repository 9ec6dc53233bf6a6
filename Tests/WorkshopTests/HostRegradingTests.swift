import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// A host started with regrading marks shared results it regraded, through the HTTP API, the
/// export and a restart; results without code stay self-reported. The grader is the test's own
/// (it passes code that says "solved"): no process, no compiler.
@Suite struct HostRegradingTests {
    static let grader = HostGrader { _, files in
        files.values.contains { $0.contains("solved") }
            ? .graded(points: 11, maxPoints: 11, passed: true) : .graded(points: 2, maxPoints: 11, passed: false)
    }

    static func result(passed: Bool, code: String?) -> ResultSubmission {
        ResultSubmission(
            id: UUID().uuidString, kata: "00-warm-up", points: passed ? 11 : 2, maxPoints: 11, passed: passed,
            checks: [.init(id: "signs-in", status: passed ? .passed : .failed)], durationMilliseconds: 10,
            gradedAt: Date(), code: code.map { ["Sources/Login/Login.swift": $0] })
    }

    /// The cell of `name` once it is regraded (waits up to 10 s; until then it says self-reported).
    func markedCell(_ facilitator: WorkshopClient, _ name: String) async throws -> Dashboard.Cell? {
        for _ in 0..<1000 {
            let dashboard = try await facilitator.dashboard()
            if let cell = dashboard.participants.first(where: { $0.name == name })?.cells["00-warm-up"],
                cell.verification != nil
            {
                return cell
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    @Test func sharedResultsAreMarkedVerifiedOrMismatchAndTheMarksSurviveARestart() async throws {
        let host = try await InProcessHost.start {
            $0.regrading = Regrading(concurrent: 2, pending: 8, grader: Self.grader)
        }
        let facilitator = WorkshopClient(baseURL: host.url, token: await host.state.currentSecrets().facilitatorToken)
        let code = await host.state.joinCode
        let honest = WorkshopClient(
            baseURL: host.url, token: try await WorkshopClient(baseURL: host.url).join(code: code, name: "Honest").token
        )
        let forger = WorkshopClient(
            baseURL: host.url, token: try await WorkshopClient(baseURL: host.url).join(code: code, name: "Forger").token
        )
        let quiet = WorkshopClient(
            baseURL: host.url, token: try await WorkshopClient(baseURL: host.url).join(code: code, name: "Quiet").token)
        _ = try await honest.submit(Self.result(passed: true, code: "// solved"))
        _ = try await forger.submit(Self.result(passed: true, code: "fatalError() // starter"))
        _ = try await quiet.submit(Self.result(passed: true, code: nil))

        let verified = try #require(try await markedCell(facilitator, "Honest"))
        #expect(verified.trust == .verified)
        let mismatch = try #require(try await markedCell(facilitator, "Forger"))
        #expect(mismatch.trust == .mismatch)
        #expect(mismatch.verification?.points == 2 && mismatch.verification?.claimedPoints == 11)
        let dashboard = try await facilitator.dashboard()
        // On a host that regrades, every cell carries its own trust: no code, no regrade.
        #expect(dashboard.participants.first { $0.name == "Quiet" }?.cells["00-warm-up"]?.trust == .selfReported)
        let csv = try await facilitator.export(csv: true)
        #expect(csv.contains("Honest,00-warm-up,passed,11,11,1,"))
        #expect(csv.contains(",mismatch (host: 2/11)"))
        #expect(csv.contains("Quiet,00-warm-up,passed,11,11,1,") && csv.contains(",self-reported"))
        await host.stop()

        let reopened = try HostState(
            store: try WorkshopStore(path: host.databasePath), katas: ["00-warm-up"], dependencies: .live)
        let cells = await reopened.dashboard().participants.reduce(into: [String: String]()) {
            $0[$1.name] = $1.cells["00-warm-up"]?.trust?.rawValue ?? "none"
        }
        #expect(cells == ["Honest": "verified", "Forger": "mismatch", "Quiet": "none"])
    }

    @Test func sharesStoredWithoutARegradeAreRegradedWhenTheHostStartsWithIt() async throws {
        let first = try await InProcessHost.start()
        let joined = try await WorkshopClient(baseURL: first.url).join(code: await first.state.joinCode, name: "Ada")
        _ = try await WorkshopClient(baseURL: first.url, token: joined.token).submit(
            Self.result(passed: true, code: "// solved"))
        await first.stop()
        let second = try await InProcessHost.start {
            $0.databasePath = first.databasePath
            $0.regrading = Regrading(concurrent: 1, pending: 4, grader: Self.grader)
        }
        defer { Task { await second.stop() } }
        let facilitator = WorkshopClient(
            baseURL: second.url, token: await second.state.currentSecrets().facilitatorToken)
        #expect(try await markedCell(facilitator, "Ada")?.trust == .verified)
    }

    @Test func aHostWithoutRegradingLeavesEverythingSelfReported() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let facilitator = WorkshopClient(baseURL: host.url, token: await host.state.currentSecrets().facilitatorToken)
        let joined = try await WorkshopClient(baseURL: host.url).join(code: await host.state.joinCode, name: "Ada")
        _ = try await WorkshopClient(baseURL: host.url, token: joined.token).submit(
            Self.result(passed: true, code: "// solved"))
        let dashboard = try await facilitator.dashboard()
        #expect(dashboard.trust == Dashboard.selfReported)
        #expect(dashboard.participants.first?.cells["00-warm-up"]?.trust == nil)
        #expect(try await facilitator.export(csv: true).hasSuffix(",self-reported\r\n"))
    }
}
