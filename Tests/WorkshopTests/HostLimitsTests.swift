import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopHost

/// The host on a shared network (issue 17, High 1): connection caps, timeouts and per-address
/// rate limits. The ledger and limiter are pure; the rest runs a host in this process on
/// loopback, using 127.0.0.2… as other machines.
@Suite struct HostLimitsTests {
    // MARK: - Pure

    @Test func theLedgerRefusesAnAddressOverItsShareAndEveryoneOverTheTotal() {
        var ledger = ConnectionLedger(
            limits: .init(maximumConnections: 3, maximumPerAddress: 2, retryAfterSeconds: 7, maximumRefusalsAnswered: 2)
        )
        #expect(ledger.admit("10.0.0.1") == .admitted)
        #expect(ledger.admit("10.0.0.1") == .admitted)
        let overShare = ledger.admit("10.0.0.1")
        #expect(overShare == .refused(status: 429, retryAfter: 7))
        #expect(ledger.admit("10.0.0.2") == .admitted)
        #expect(ledger.admit("10.0.0.3") == .refused(status: 503, retryAfter: 7))
        #expect(ledger.admit("10.0.0.3") == .dropped, "two refusals already wait: the third is closed at once")
        ledger.release("10.0.0.1", .admitted)
        ledger.release("10.0.0.1", overShare)
        #expect(ledger.open == 2 && ledger.refusing == 1)
        #expect(ledger.admit("10.0.0.3") == .admitted)
        ledger.release("10.0.0.9", .dropped)  // never counted: counts nothing
        #expect(ledger.open == 3)
    }

    @Test func oneAddressesJoinsDoNotUseUpAnothers() {
        var limiter = RateLimiter()
        let start = Date(timeIntervalSince1970: 0)
        let rate = RateLimiter.Rate(capacity: 3, perSecond: 1)
        let answers = (0..<4).map { _ in limiter.allow("join 10.0.0.1", rate: rate, at: start) }
        #expect(answers == [true, true, true, false])
        let neighbour = limiter.allow("join 10.0.0.2", rate: rate, at: start)
        #expect(neighbour, "no global join bucket")
        let later = limiter.allow("join 10.0.0.1", rate: rate, at: start.addingTimeInterval(1))
        #expect(later)
    }

    @Test func idleBucketsAreForgottenBeyondTheKeyLimit() {
        var limiter = RateLimiter()
        limiter.maximumKeys = 10
        let start = Date(timeIntervalSince1970: 0)
        for index in 0..<10 { _ = limiter.allow("k\(index)", rate: .anonymous, at: start) }
        _ = limiter.allow("late", rate: .anonymous, at: start.addingTimeInterval(60))
        #expect(limiter.count == 1)
    }

    // MARK: - On loopback

    @Test func aFloodOfIdleConnectionsLeavesRoomForAParticipantToJoinAndPost() async throws {
        // The classroom limits, with refusals answered for a shorter while (the test waits it out).
        let host = try await InProcessHost.start { $0.limits.refusalGrace = .milliseconds(200) }
        defer { Task { await host.stop() } }
        var flood: [RawSocket] = []
        for _ in 0..<1_100 { flood.append(try RawSocket(port: host.port, from: "127.0.0.2")) }
        let began = Date()
        let client = WorkshopClient(baseURL: host.url)
        let joined = try await client.join(code: await host.state.joinCode, name: "Ada")
        let ada = WorkshopClient(baseURL: host.url, token: joined.token)
        let receipt = try await ada.submit(Self.result())
        #expect(receipt.duplicate == false)
        #expect(Date().timeIntervalSince(began) < 2, "joining and posting took too long under the flood")
        // Beyond its share and the refusals waiting for an answer, the flood is closed at once.
        #expect(await flood.last?.read(timeout: 10).closed == true)
        // Once the waiting refusals are gone, the flooding address is told to wait, not ignored.
        try await Task.sleep(for: .milliseconds(300))
        let more = try RawSocket(port: host.port, from: "127.0.0.2")
        more.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = await more.read(until: "\r\n\r\n", timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 429"), "\(answer)")
        #expect(answer.lowercased().contains("retry-after: 5"))
        withExtendedLifetime(flood) {}
    }

    @Test func aFullHostAnswers503WithRetryAfter() async throws {
        let host = try await InProcessHost.start { $0.limits = .init(maximumConnections: 2, maximumPerAddress: 2) }
        defer { Task { await host.stop() } }
        let held = try (0..<2).map { _ in try RawSocket(port: host.port, from: "127.0.0.3") }
        try await Task.sleep(for: .milliseconds(100))
        let late = try RawSocket(port: host.port, from: "127.0.0.4")
        late.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        let (answer, closed) = await late.read(timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
        #expect(answer.lowercased().contains("retry-after: 5"))
        #expect(answer.contains("the host is full"))
        #expect(closed)
        withExtendedLifetime(held) {}
    }

    @Test func idleHalfSentAndDawdlingBodyConnectionsAreClosed() async throws {
        let host = try await InProcessHost.start {
            $0.limits = .init(headerTimeout: .milliseconds(300), bodyTimeout: .milliseconds(300))
        }
        defer { Task { await host.stop() } }
        let idle = try RawSocket(port: host.port)
        let halfHead = try RawSocket(port: host.port)
        halfHead.send("GET /api/health HTTP/1.1\r\nHost: x\r\n")
        let slowBody = try RawSocket(port: host.port)
        slowBody.send("POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"code\":")
        for socket in [idle, halfHead, slowBody] { #expect(await socket.read(timeout: 5).closed) }
    }

    /// A connection that keeps asking stays open across the header timeout: each request
    /// starts a new wait. The gaps are a third of the timeout, so a slow machine has room.
    @Test func aConnectionThatKeepsAskingStaysOpenAcrossTheTimeout() async throws {
        let host = try await InProcessHost.start {
            $0.limits = .init(headerTimeout: .milliseconds(900), bodyTimeout: .milliseconds(900))
        }
        defer { Task { await host.stop() } }
        let busy = try RawSocket(port: host.port)
        for _ in 0..<5 {
            busy.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await busy.read(until: "{\"status\":\"ok\"}", timeout: 5).hasPrefix("HTTP/1.1 200"))
            try await Task.sleep(for: .milliseconds(300))
        }
    }

    @Test func oneAddressFloodingJoinsIsThrottledAloneWithRetryAfter() async throws {
        // A clock that does not move: the bucket never refills while the test runs, however
        // slowly the machine runs it.
        let clock = TestClock()
        let host = try await InProcessHost.start(
            dependencies: HostDependencies(now: clock.now, randomBytes: HostDependencies.live.randomBytes)
        ) { $0.joinBurst = 3 }
        defer { Task { await host.stop() } }
        let code = await host.state.joinCode
        var statuses: [Int] = []
        for index in 0..<5 {
            let socket = try RawSocket(port: host.port, from: "127.0.0.5")
            let body = "{\"code\":\"WRONG1\",\"name\":\"bot \(index)\"}"
            socket.send("POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let answer = await socket.read(until: "\r\n\r\n", timeout: 10)
            statuses.append(Int(answer.dropFirst(9).prefix(3)) ?? 0)
            if index == 4 { #expect(answer.lowercased().contains("retry-after: 1")) }
        }
        #expect(statuses == [401, 401, 401, 429, 429])
        // Another address (the participant at the next desk) joins at once.
        let joined = try await WorkshopClient(baseURL: host.url).join(code: code, name: "Ada")
        #expect(!joined.token.isEmpty)
    }

    @Test func guessingTokensFromOneAddressIsThrottledWithoutTouchingOthers() async throws {
        // The host's clock stands still: the bucket does not refill, whatever the machine's pace.
        let host = try await InProcessHost.start(dependencies: .controlled(clock: TestClock()))
        defer { Task { await host.stop() } }
        let guesser = try RawSocket(port: host.port, from: "127.0.0.6")
        var statuses: [Int] = []
        for attempt in 0..<70 {
            guesser.send("GET /api/room HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer guess\(attempt)\r\n\r\n")
            let answer = await guesser.read(until: "\"}", timeout: 10)
            statuses.append(Int(answer.dropFirst(9).prefix(3)) ?? 0)
        }
        #expect(statuses == Array(repeating: 401, count: 60) + Array(repeating: 429, count: 10), "\(statuses)")
        let joined = try await WorkshopClient(baseURL: host.url).join(code: await host.state.joinCode, name: "Ada")
        #expect(try await WorkshopClient(baseURL: host.url, token: joined.token).room().katas.count == 3)
    }

    static func result(kata: String = "01-singleton", checks: [String] = ["debt-free"]) -> ResultSubmission {
        ResultSubmission(
            id: UUID().uuidString, kata: kata, points: 3, maxPoints: 14, passed: false,
            checks: checks.map { .init(id: $0, status: .failed) }, durationMilliseconds: 800,
            gradedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }
}
