import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

#if canImport(Glibc)
    import Glibc
#endif

extension Slow {
    /// The workshop protocol against the real host on loopback: what works, and every rejection.
    @Suite(.serialized) struct WorkshopProtocolTests {
        @Test func participantsJoinPostAndTheDashboardCountsEachResultOnce() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            let bob = try await host.participant("Bob")
            let first = HostFixture.result(failing: ["debt-free"])
            #expect(try await ada.submit(first) == ResultReceipt(id: first.id, duplicate: false))
            #expect(
                try await ada.submit(first) == ResultReceipt(id: first.id, duplicate: true),
                "a resend is not counted twice")
            _ = try await bob.submit(HostFixture.result(points: 14, passed: true, failing: []))
            let dashboard = try await host.facilitator.dashboard()
            #expect(dashboard.resultCount == 2)
            #expect(dashboard.participants.map(\.name) == ["Ada", "Bob"])
            #expect(dashboard.participants[0].cells["01-singleton"]?.status == .failing)
            #expect(dashboard.participants[1].cells["01-singleton"]?.status == .passed)
            #expect(
                dashboard.heat == [Dashboard.Heat(kata: "01-singleton", check: "debt-free", failing: 1, attempted: 2)])
            let csv = try await host.facilitator.export(csv: true)
            #expect(csv.contains("Ada,01-singleton,failing,3,14,1,"))
            let json = try await host.facilitator.export(csv: false)
            #expect(try WorkshopWire.decoder.decode(Dashboard.self, from: Data(json.utf8)).resultCount == 2)
        }

        @Test func threeFailuresOfTheSameCheckMarkAParticipantStuck() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            for minute in 0..<3 {
                _ = try await ada.submit(
                    HostFixture.result(
                        failing: ["one-id"], at: Date(timeIntervalSince1970: 1_800_000_000 + Double(minute) * 60)))
            }
            let cell = try await host.facilitator.dashboard().participants[0].cells["01-singleton"]
            #expect(cell?.stuckOn == "one-id")
            #expect(cell?.attempts == 3)
        }

        @Test func pacingReachesParticipants() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            _ = try await host.facilitator.unlock("02-global-state")
            _ = try await host.facilitator.broadcast("Ten minutes left for stage 2")
            _ = try await host.facilitator.countdown(seconds: 600)
            let room = try await ada.room()
            #expect(room.unlocked == ["02-global-state"])
            #expect(room.message == "Ten minutes left for stage 2")
            let left = try #require(room.countdownEndsAt).timeIntervalSinceNow
            #expect(left > 590 && left <= 600)
        }

        @Test func everyBadRequestGetsAClear4xx() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            let token = try #require(ada.token)
            func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

            #expect(
                try await host.raw("POST", "api/join", body: json(["code": "WRONG1", "name": "Eve"])) == (
                    401, "wrong join code"
                ))
            #expect(try await host.raw("POST", "api/join", body: json(["code": host.code, "name": ""])).0 == 400)
            #expect(
                try await host.raw(
                    "POST", "api/join", body: json(["code": host.code, "name": String(repeating: "x", count: 41)])
                ).0 == 400)
            #expect(
                try await host.raw("POST", "api/join", body: Data("not json".utf8)) == (
                    400, "the body is not valid JSON for this request"
                ))
            #expect(
                try await host.raw("POST", "api/results", body: json(["id": "x"])) == (
                    401, "a participant token is required (join first)"
                ))
            #expect(
                try await host.raw("POST", "api/results", body: json(["id": "x"]), token: "forged") == (
                    401, "unknown participant token; join again"
                ))
            #expect(
                try await host.raw("POST", "api/results", body: json(["id": "x"]), token: token) == (
                    400, "missing field kata"
                ))
            var bad = HostFixture.result()
            bad.kata = "99-unknown"
            #expect(
                try await host.raw("POST", "api/results", body: WorkshopWire.encoder.encode(bad), token: token).0 == 400
            )
            bad = HostFixture.result(points: 99)
            #expect(
                try await host.raw("POST", "api/results", body: WorkshopWire.encoder.encode(bad), token: token) == (
                    400, "points must be between 0 and max_points"
                ))
            bad = HostFixture.result(id: "not-a-uuid")
            #expect(
                try await host.raw("POST", "api/results", body: WorkshopWire.encoder.encode(bad), token: token) == (
                    400, "id must be a UUID"
                ))
            let huge = HostFixture.result(code: ["Sources/A.swift": String(repeating: "x", count: 400_000)])
            #expect(
                try await host.raw("POST", "api/results", body: WorkshopWire.encoder.encode(huge), token: token).0
                    == 413)
            #expect(
                try await host.raw("GET", "api/dashboard", body: nil, token: token) == (
                    401, "the facilitator token is required"
                ))
            #expect(
                try await host.raw("POST", "api/control/message", body: json(["text": "hi"]), token: token).0 == 401)
            #expect(
                try await host.raw(
                    "POST", "api/control/countdown", body: json(["seconds": 0]), token: host.facilitatorToken
                ).0 == 400)
            #expect(
                try await host.raw(
                    "POST", "api/control/unlock", body: json(["kata": "nope"]), token: host.facilitatorToken
                ).0 == 400)
        }

        @Test func nobodyReadsCodeThatWasNotSharedWithThem() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            let bob = try await host.participant("Bob")
            let shared = HostFixture.result(code: [
                "Sources/Login/LoginViewModel.swift": "final class LoginViewModel {}"
            ])
            let unshared = HostFixture.result()
            _ = try await ada.submit(shared)
            _ = try await ada.submit(unshared)
            #expect(
                try await host.raw("GET", "api/results/\(shared.id)/code", body: nil, token: host.facilitatorToken).0
                    == 200)
            #expect(
                try await host.raw("GET", "api/results/\(unshared.id)/code", body: nil, token: host.facilitatorToken)
                    == (404, "the participant did not share this code"))
            #expect(
                try await host.raw("GET", "api/results/\(shared.id)/code", body: nil, token: bob.token) == (
                    403, "you can only read your own code"
                ))
            #expect(try await host.raw("GET", "api/results/\(shared.id)/code", body: nil, token: ada.token).0 == 200)
        }

        @Test func aParticipantWhoFloodsTheHostIsSlowedDown() async throws {
            let host = try await HostFixture.start()
            defer { host.stop() }
            let ada = try await host.participant("Ada")
            // All at once, pipelined on one connection in a single write: the host answers them
            // one after another in well under a second. (Sixty requests on their own connections
            // took longer than the bucket needs to refill, 3 s at 10 a second, under the slow
            // suites' load, and the flood was not one.)
            let socket = try RawSocket(port: host.port)
            let token = try #require(ada.token)
            let request = "GET /api/room HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
            socket.send(String(repeating: request, count: 60))
            let answers = await socket.read(timeout: 60) { $0.matches(of: #/HTTP/1\.1 \d{3} /#).count >= 60 }
            let statuses = answers.matches(of: #/HTTP/1\.1 (\d{3}) /#).compactMap { Int($0.output.1) }
            #expect(statuses.count == 60, "\(answers.prefix(2_000))")
            #expect(statuses.contains(429))
            #expect(statuses.filter { $0 == 200 }.count >= 25, "a burst of normal size is allowed")
            // Other participants are not affected.
            let bob = try await host.participant("Bob")
            #expect(try await host.raw("GET", "api/room", body: nil, token: bob.token).0 == 200)
        }
    }
}
