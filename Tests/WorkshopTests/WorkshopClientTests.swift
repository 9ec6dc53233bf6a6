import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

/// The workshop client and its offline queue against a scripted host: what they send, and
/// how each kind of answer becomes a `WorkshopError` or a queue decision.
@Suite struct WorkshopClientTests {
    let base: URL

    init() throws {
        base = try #require(URL(string: "http://host.test:8750"))
    }

    func submission(_ id: String, kata: String = "01-singleton", at seconds: Double = 0) -> ResultSubmission {
        ResultSubmission(
            id: id, kata: kata, points: 3, maxPoints: 5, passed: false, checks: [], durationMilliseconds: 900,
            gradedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func joiningPostsTheCodeAndNameAndReadsTheToken() async throws {
        let host = ScriptedHTTP([
            "POST api/join": [
                .reply(
                    status: 201,
                    body: #"{"participant_id":"p1","token":"t0k","room":{"katas":["00-warm-up"],"unlocked":[]}}"#)
            ]
        ])
        let joined = try await WorkshopClient(baseURL: base, send: host.send).join(code: "ABC234", name: "Ada")
        #expect(joined.token == "t0k")
        #expect(joined.room.katas == ["00-warm-up"])
        let request = try #require(host.requests.first)
        #expect(request.url.absoluteString == "http://host.test:8750/api/join")
        #expect(request.headers["Authorization"] == nil)
        let body = try WorkshopWire.decoder.decode(JoinRequest.self, from: try #require(request.body))
        #expect(body == JoinRequest(code: "ABC234", name: "Ada"))
    }

    @Test func laterCallsCarryTheBearerToken() async throws {
        let host = ScriptedHTTP(["GET api/room": [.reply(status: 200, body: #"{"katas":[],"unlocked":[]}"#)]])
        _ = try await WorkshopClient(baseURL: base, token: "secret", send: host.send).room()
        #expect(host.requests.first?.headers["Authorization"] == "Bearer secret")
    }

    @Test func eachKindOfAnswerBecomesItsOwnError() async {
        let host = ScriptedHTTP([
            "GET api/room": [
                .reply(status: 401, body: #"{"error":"unknown participant token; join again"}"#),
                .reply(status: 502, body: "<html>bad gateway</html>"),
                .reply(status: 200, body: "not json"),
                .unreachable,
            ]
        ])
        let client = WorkshopClient(baseURL: base, token: "t", send: host.send)
        await #expect(throws: WorkshopError.rejected(status: 401, message: "unknown participant token; join again")) {
            try await client.room()
        }
        await #expect(throws: WorkshopError.rejected(status: 502, message: "status 502")) { try await client.room() }
        do {
            _ = try await client.room()
            Issue.record("an unreadable answer was accepted")
        } catch {
            guard case .invalidResponse = error else { return #expect(Bool(false), "\(error)") }
            #expect(!error.isTransient)
        }
        do {
            _ = try await client.room()
            Issue.record("an unreachable host answered")
        } catch {
            guard case .unreachable = error else { return #expect(Bool(false), "\(error)") }
            #expect(error.isTransient)
        }
    }

    @Test func theQueueSendsOldestFirstStopsWhileTheHostIsDownAndSetsAsideWhatItRefuses() async throws {
        let queue = OfflineQueue(folder: try Fixtures.temporaryDirectory("queue"))
        try queue.enqueue(submission("b", at: 2))
        try queue.enqueue(submission("a", at: 1))
        try queue.enqueue(submission("c", kata: "99-gone", at: 3))
        let down = ScriptedHTTP(["POST api/results": [.unreachable]])
        let first = await queue.flush(with: WorkshopClient(baseURL: base, token: "t", send: down.send))
        #expect(first.sent == 0 && first.waiting == 3 && first.dropped.isEmpty)
        #expect(first.problem?.contains("unreachable") == true, "the learner is told why nothing was sent")
        #expect(down.requests.count == 1)
        #expect(queue.pending.map(\.id) == ["a", "b", "c"])

        let up = ScriptedHTTP([
            "POST api/results": [
                .reply(status: 201, body: #"{"id":"a","duplicate":false}"#),
                .reply(status: 200, body: #"{"id":"b","duplicate":true}"#),
                .reply(status: 400, body: #"{"error":"kata \"99-gone\" is not part of this workshop"}"#),
            ]
        ])
        let second = await queue.flush(with: WorkshopClient(baseURL: base, token: "t", send: up.send))
        #expect(second.sent == 2)
        #expect(second.waiting == 0)
        #expect(second.dropped.count == 1)
        #expect(second.dropped.first?.hasPrefix("99-gone: The workshop host refused (400)") == true)
        #expect(queue.pending.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: queue.refusedFolder.path)
        #expect(aside == ["c.json"], "a refused result is moved aside, never deleted")
        let sentIDs = try up.requests.map {
            try WorkshopWire.decoder.decode(ResultSubmission.self, from: try #require($0.body)).id
        }
        #expect(sentIDs == ["a", "b", "c"])
    }

    @Test func anInvalidSavedURLMakesNoClientAndSendsNothing() {
        let membership = Membership(url: "not a url", name: "Ada", participantId: "p", token: "t", shareCode: false)
        #expect(membership.client(send: ScriptedHTTP.failing) == nil)
    }
}
