import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopHost

/// Who may do what (issue 17, High 2): the projector's read-only token, the event stream
/// without a secret in its URL, token rotation, secrets on disk, security headers.
@Suite struct HostAccessTests {
    /// Every route that changes the room or reads more than the dashboard, with a valid body.
    static let controlRoutes: [(method: String, path: String, body: String)] = [
        ("GET", "/api/export.json", ""),
        ("GET", "/api/export.csv", ""),
        ("GET", "/api/control/participants", ""),
        ("POST", "/api/control/unlock", #"{"kata":"01-singleton"}"#),
        ("POST", "/api/control/message", #"{"text":"hello"}"#),
        ("POST", "/api/control/countdown", #"{"seconds":60}"#),
        ("POST", "/api/control/kick", #"{"id":"nobody"}"#),
        ("POST", "/api/control/rename", #"{"id":"nobody","name":"Eve"}"#),
        ("POST", "/api/control/joins", #"{"open":false}"#),
        ("POST", "/api/control/rotate", #"{"secret":"facilitator"}"#),
        ("GET", "/api/results/00000000-0000-4000-8000-000000000000/code", ""),
    ]

    func ask(_ host: InProcessHost, _ method: String, _ path: String, body: String = "", token: String?) async -> String
    {
        let socket = try? RawSocket(port: host.port)
        let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        socket?.send(
            "\(method) \(path) HTTP/1.1\r\nHost: x\r\n\(authorization)Content-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
        return await socket?.read(timeout: 10).text ?? ""
    }

    static func status(_ answer: String) -> Int { Int(answer.dropFirst(9).prefix(3)) ?? 0 }

    @Test func theProjectorLinkIsRefusedOnEveryControlRouteAndReadsTheDashboard() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let secrets = await host.state.currentSecrets()
        for route in Self.controlRoutes {
            let answer = await ask(host, route.method, route.path, body: route.body, token: secrets.projectorToken)
            #expect(Self.status(answer) == 403, "\(route.method) \(route.path) let the projector in: \(answer)")
            #expect(answer.contains("read-only"))
        }
        #expect(Self.status(await ask(host, "GET", "/api/dashboard", token: secrets.projectorToken)) == 200)
        let room = await host.state.currentRoom()
        #expect(room.message == nil && room.unlocked.isEmpty, "nothing changed")
        // The facilitator's token opens the same routes.
        #expect(Self.status(await ask(host, "GET", "/api/export.csv", token: secrets.facilitatorToken)) == 200)
    }

    @Test func theEventStreamTakesItsTokenInAHeaderNeverInTheURLAndBeatsWhileQuiet() async throws {
        let host = try await InProcessHost.start { $0.heartbeat = .milliseconds(100) }
        defer { Task { await host.stop() } }
        let secrets = await host.state.currentSecrets()
        let inURL = await ask(host, "GET", "/api/events?token=\(secrets.facilitatorToken)", token: nil)
        #expect(Self.status(inURL) == 401)
        let stream = try RawSocket(port: host.port)
        stream.send("GET /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(secrets.projectorToken)\r\n\r\n")
        let text = await stream.read(until: ": heartbeat", timeout: 10)
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.contains("event: update"))
        #expect(text.contains(": heartbeat"))
    }

    @Test func aRotatedTokenIsRevokedAtOnceAndTheNewOneIsKeptInA0600File() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let old = await host.state.currentSecrets().facilitatorToken
        #expect(SecretsFile.token(at: host.tokenPath) == old)
        let answer = await ask(host, "POST", "/api/control/rotate", body: #"{"secret":"facilitator"}"#, token: old)
        #expect(Self.status(answer) == 200)
        let new = await host.state.currentSecrets().facilitatorToken
        #expect(new != old && answer.contains(new))
        #expect(Self.status(await ask(host, "GET", "/api/export.json", token: old)) == 401)
        #expect(Self.status(await ask(host, "GET", "/api/export.json", token: new)) == 200)
        #expect(SecretsFile.token(at: host.tokenPath) == new)
        for path in [host.tokenPath, host.databasePath] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(path) is readable by others")
        }
        // The join code rotates too: the old one stops working, members stay.
        let code = await host.state.joinCode
        _ = await ask(host, "POST", "/api/control/rotate", body: #"{"secret":"join_code"}"#, token: new)
        #expect(await host.state.joinCode != code)
        let refused = await ask(host, "POST", "/api/join", body: "{\"code\":\"\(code)\",\"name\":\"Ada\"}", token: nil)
        #expect(Self.status(refused) == 401)
    }

    @Test func tokensAreComparedInFullWhateverTheirLength() {
        #expect(HostSecrets.constantTimeEqual("abc", "abc"))
        #expect(!HostSecrets.constantTimeEqual("abc", "abd"))
        #expect(!HostSecrets.constantTimeEqual("abc", "abcd"))
        #expect(!HostSecrets.constantTimeEqual("", "a"))
        let secrets = HostSecrets(joinCode: "AAAAAA", facilitatorToken: "f", projectorToken: "p")
        #expect(secrets.role(of: "f") == .facilitator)
        #expect(secrets.role(of: "p") == .projector)
        #expect(secrets.role(of: "AAAAAA") == nil)
    }

    @Test func everyAnswerCarriesSecurityHeadersErrorsIncluded() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        for answer in [
            await ask(host, "GET", "/", token: nil), await ask(host, "GET", "/api/dashboard", token: nil),
            await ask(host, "GET", "/dashboard.js", token: nil),
        ] {
            let head = answer.lowercased()
            #expect(head.contains("content-security-policy: default-src 'none'; script-src 'self'"), "\(answer)")
            #expect(head.contains("frame-ancestors 'none'"))
            #expect(head.contains("x-content-type-options: nosniff"))
            #expect(head.contains("cache-control: no-store"))
            #expect(head.contains("x-frame-options: deny"))
        }
        let page = await ask(host, "GET", "/", token: nil)
        #expect(!page.contains("<script>"), "no inline script for the policy to allow")
        #expect(page.contains(#"<script src="/dashboard.js"></script>"#))
        #expect(!DashboardPage.script.contains("EventSource"), "no token in an event stream URL")
    }
}
