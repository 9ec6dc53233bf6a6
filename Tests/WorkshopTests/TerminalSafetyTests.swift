import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

/// Text from the network never drives a terminal (issue 17, Medium): participant-chosen names
/// and check ids, and the facilitator's message, reach the screen inert.
@Suite struct TerminalSafetyTests {
    static let hostile = "one-id\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}txt.exe"

    @Test func controlAndBidiCharactersAreReplacedAndOthersKept() {
        #expect(TerminalText.inert("Zoë 日本 ✓") == "Zoë 日本 ✓")
        let inert = TerminalText.inert(Self.hostile)
        #expect(inert.unicodeScalars.allSatisfy { !TerminalText.isControl($0) })
        #expect(!inert.contains("\u{1B}") && !inert.contains("\u{9B}") && !inert.contains("\u{202E}"))
        #expect(inert.hasPrefix("one-id\u{FFFD}]0;pwned"))
        #expect(TerminalText.isPrintable("Ada") && !TerminalText.isPrintable("A\u{2066}da"))
    }

    @Test func anEscapeLadenCheckIdFromTheHostIsPrintedInert() async throws {
        let dashboard = Dashboard(
            katas: ["01-singleton"],
            participants: [
                .init(
                    id: "p", name: "Eve\u{1B}[31m", lastSeen: nil,
                    cells: [
                        "01-singleton": .init(
                            status: .failing, bestPoints: 1, maxPoints: 5, attempts: 3, lastAttemptAt: nil,
                            stuckOn: Self.hostile)
                    ])
            ],
            heat: [.init(kata: "01-singleton", check: Self.hostile, failing: 1, attempted: 1)],
            room: RoomState(katas: ["01-singleton"], message: "hi\u{1B}[2J"), resultCount: 3,
            generatedAt: Date(timeIntervalSince1970: 0))
        let body = String(decoding: try WorkshopWire.encoder.encode(dashboard), as: UTF8.self)
        let base = try #require(URL(string: "http://host.test"))
        let scripted = ScriptedHTTP(["GET api/dashboard": [.reply(status: 200, body: body)]])
        let shown = try await WorkshopClient(baseURL: base, token: "t", send: scripted.send).dashboard()
        let texts =
            [shown.participants[0].name, shown.heat[0].check, shown.room.message ?? ""]
            + shown.participants[0].cells.values.compactMap(\.stuckOn)
        for text in texts { #expect(TerminalText.isPrintable(text), "\(text.debugDescription) reaches the terminal") }
        #expect(shown.heat[0].check.hasPrefix("one-id\u{FFFD}"))
    }

    @Test func theHostRefusesControlCharactersInNamesAndCheckIdsAndCleansMessages() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let code = await host.state.joinCode
        let client = WorkshopClient(baseURL: host.url)
        await #expect(throws: WorkshopError.self) { try await client.join(code: code, name: "Eve\u{1B}[31m") }
        let joined = try await client.join(code: code, name: "Eve")
        let eve = WorkshopClient(baseURL: host.url, token: joined.token)
        var result = HostLimitsTests.result(checks: [Self.hostile])
        await #expect(throws: WorkshopError.self) { try await eve.submit(result) }
        result.checks = [.init(id: "one-id", status: .failed)]
        #expect(try await eve.submit(result).duplicate == false)
        let facilitator = WorkshopClient(baseURL: host.url, token: await host.state.currentSecrets().facilitatorToken)
        _ = try await facilitator.broadcast("Break\u{1B}[2J until 11:00")
        #expect(await host.state.currentRoom().message == "Break\u{FFFD}[2J until 11:00")
    }

    @Test func aResultRefusedBecauseTheTokenIsGoneStaysQueuedAndTheLearnerIsTold() async throws {
        let queue = OfflineQueue(folder: try Fixtures.temporaryDirectory("queue-401"))
        try queue.enqueue(HostLimitsTests.result())
        let base = try #require(URL(string: "http://host.test"))
        let host = ScriptedHTTP([
            "POST api/results": [.reply(status: 401, body: #"{"error":"unknown participant token; join again"}"#)]
        ])
        let report = await queue.flush(with: WorkshopClient(baseURL: base, token: "old", send: host.send))
        #expect(report.sent == 0 && report.waiting == 1 && report.dropped.isEmpty)
        #expect(report.problem?.contains("unknown participant token") == true)
        #expect(report.problem?.contains("Join the workshop again") == true)
        #expect(queue.pending.count == 1, "nothing is deleted")
    }
}
