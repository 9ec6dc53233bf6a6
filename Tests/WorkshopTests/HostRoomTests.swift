import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// Room control, caps and quotas on the host's state (issue 17, Medium): a real SQLite file, a
/// test clock and seeded randomness; no server.
@Suite struct HostRoomTests {
    let clock = TestClock()

    func openHost(quota: HostQuota = .classroom) throws -> HostState {
        let store = try WorkshopStore(
            path: Fixtures.temporaryDirectory("host-room").appendingPathComponent("w.sqlite").path)
        return try HostState(
            store: store, katas: ["00-warm-up", "01-singleton"], dependencies: .controlled(clock: clock), quota: quota)
    }

    func join(_ host: HostState, _ name: String) async throws -> Result<(id: String, token: String), JoinRefusal> {
        try await host.join(code: host.joinCode, name: name)
    }

    static func result(kata: String = "01-singleton", code: [String: String]? = nil) -> ResultSubmission {
        ResultSubmission(
            id: UUID().uuidString, kata: kata, points: 1, maxPoints: 5, passed: false,
            checks: [.init(id: "one-id", status: .failed)], durationMilliseconds: 10,
            gradedAt: Date(timeIntervalSince1970: 1_800_000_000), code: code)
    }

    @Test func namesAreUniqueWhateverTheirCaseAndTheRoomHasACap() async throws {
        let host = try openHost(quota: .init(maximumParticipants: 2))
        #expect(try await join(host, "Ada").map { _ in true } == .success(true))
        #expect(try await join(host, "ada").map { _ in true } == .failure(.nameTaken))
        #expect(try await join(host, "Bob").map { _ in true } == .success(true))
        #expect(try await join(host, "Cy").map { _ in true } == .failure(.full))
        #expect(try await host.join(code: "WRONG1", name: "Dee").map { _ in true } == .failure(.wrongCode))
    }

    @Test func closedJoinsRefuseNewcomersAndARotatedCodeRefusesTheOldOne() async throws {
        let host = try openHost()
        let old = await host.joinCode
        try await host.setJoinsOpen(false)
        #expect(try await join(host, "Ada").map { _ in true } == .failure(.closed))
        try await host.setJoinsOpen(true)
        let new = try await host.rotateJoinCode()
        #expect(new != old)
        #expect(try await host.join(code: old, name: "Ada").map { _ in true } == .failure(.wrongCode))
        #expect(try await join(host, "Ada").map { _ in true } == .success(true))
    }

    @Test func aKickedParticipantsTokenStopsWorkingAndTheirResultsLeaveTheDashboard() async throws {
        let host = try openHost()
        let (ada, adaToken) = try await join(host, "Ada").get()
        let (bob, _) = try await join(host, "Bob").get()
        _ = try await host.addResult(Self.result(), participant: ada)
        _ = try await host.addResult(Self.result(), participant: bob)
        guard case .participant = try await host.authenticate(tokenHash: WorkshopStore.hash(adaToken)) else {
            Issue.record("Ada's token did not work before the kick")
            return
        }
        #expect(try await host.kick(ada))
        guard case .unknown = try await host.authenticate(tokenHash: WorkshopStore.hash(adaToken)) else {
            Issue.record("a kicked participant's token still works")
            return
        }
        let dashboard = await host.dashboard()
        #expect(dashboard.participants.map(\.name) == ["Bob"])
        #expect(dashboard.resultCount == 1)
        #expect(dashboard.heat.first?.attempted == 1)
        #expect(await host.members().map(\.name) == ["Bob"])
        #expect(try await host.kick("nobody") == false)
    }

    @Test func renamingKeepsNamesUnique() async throws {
        let host = try openHost()
        let (ada, _) = try await join(host, "Ada").get()
        _ = try await join(host, "Bob").get()
        #expect(try await host.rename(ada, to: "BOB").map { true } == .failure(.nameTaken))
        #expect(try await host.rename(ada, to: "Ada L.").map { true } == .success(true))
        #expect(await host.dashboard().participants.map(\.name) == ["Ada L.", "Bob"])
        #expect(try host.store.participants().map(\.name) == ["Ada L.", "Bob"])
    }

    @Test func theStorageQuotaIsPerParticipant() async throws {
        let host = try openHost(quota: .init(bytesPerParticipant: 1000))
        #expect(await host.reserve(600, for: "a"))
        #expect(await !host.reserve(600, for: "a"))
        #expect(await host.reserve(600, for: "b"))
    }

    @Test func onlyTheLatestSharedCodeOfEachKataIsKept() async throws {
        let host = try openHost()
        let (ada, _) = try await join(host, "Ada").get()
        let first = Self.result(code: ["A.swift": "first"])
        let second = Self.result(code: ["A.swift": "second"])
        let other = Self.result(kata: "00-warm-up", code: ["B.swift": "other kata"])
        for result in [first, other, second] { _ = try await host.addResult(result, participant: ada) }
        #expect(try host.store.code(ofResult: first.id)?.code == nil)
        #expect(try host.store.code(ofResult: second.id)?.code == ["A.swift": "second"])
        #expect(try host.store.code(ofResult: other.id)?.code == ["B.swift": "other kata"])
    }

    @Test func theDashboardJSONIsEncodedOncePerVersion() async throws {
        let host = try await InProcessHost.start(dependencies: .controlled(clock: clock))
        defer { Task { await host.stop() } }
        let facilitator = await host.state.currentSecrets().facilitatorToken
        let client = WorkshopClient(baseURL: host.url, token: facilitator)
        let before = await host.state.version
        let first = try await client.dashboard()
        clock.advance(by: 60)
        let again = try await client.dashboard()
        #expect(first.generatedAt == again.generatedAt, "the second answer is the cached encoding")
        _ = try await client.broadcast("next stage")
        #expect(await host.state.version == before + 1)
        #expect(try await client.dashboard().room.message == "next stage")
    }
}
