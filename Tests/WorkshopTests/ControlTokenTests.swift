import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// Issue 17, "no tokens in argv": every facilitator command reads the control token from the
/// host's 0600 token file or `$DIKATA_FACILITATOR_TOKEN`, and refuses `--token`, saying where the
/// token is read from instead. The real `dikata` binary against a real host on loopback.
@Suite struct ControlTokenTests {
    static let dikata = Fixtures.katas.deletingLastPathComponent().appendingPathComponent(".build/debug/dikata").path

    struct Run {
        var status: Termination
        var stdout: String
        var stderr: String
    }

    func dikata(_ arguments: [String], token: String? = nil) async throws -> Run {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.dikata), "build first: swift build --build-tests")
        var environment = ProcessInfo.processInfo.environment
        environment["DIKATA_FACILITATOR_TOKEN"] = token
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "dumb"
        let result = await PosixProcessRunner(now: { Date() }).run(
            ProcessRequest(
                executable: Self.dikata, arguments: arguments, environment: environment, timeout: 30,
                purpose: "dikata workshop"))
        return Run(status: result.termination, stdout: result.stdout.text, stderr: result.stderr.text)
    }

    @Test func aTokenOnTheCommandLineIsRefusedWithWhereTheTokenIsReadFrom() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let url = host.url.absoluteString
        let secret = await host.state.currentSecrets().facilitatorToken
        let out = host.folder.appendingPathComponent("room.csv").path
        let commands = [
            ["workshop", "dashboard", url, "--plain"], ["workshop", "message", url, "hello"],
            ["workshop", "unlock", url, "02-global-state"], ["workshop", "countdown", url, "90s"],
            ["workshop", "export", url, "--out", out], ["workshop", "room", "close", "--url", url],
        ]
        for command in commands {
            let refused = try await dikata(command + ["--token", secret])
            #expect(refused.status == .exited(2), "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("--token is not accepted"), "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("--token-file") && refused.stderr.contains("$DIKATA_FACILITATOR_TOKEN"))
            #expect(!refused.stderr.contains(secret) && !refused.stdout.contains(secret), "the token is not echoed")
        }
        let room = await host.state.currentRoom()
        #expect(room.message == nil && room.unlocked.isEmpty && room.countdownEndsAt == nil)
        #expect(await host.state.areJoinsOpen(), "a refused command reaches nothing")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func facilitatorCommandsReadTheTokenFileOrTheEnvironment() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let url = host.url.absoluteString
        let sent = try await dikata(["workshop", "message", url, "--token-file", host.tokenPath, "Swap pairs"])
        #expect(sent.status == .exited(0), "\(sent.stderr)")
        #expect(await host.state.currentRoom().message == "Swap pairs")

        let none = host.folder.appendingPathComponent("none.token").path
        let secret = await host.state.currentSecrets().facilitatorToken
        let fromEnvironment = try await dikata(
            ["workshop", "unlock", url, "--token-file", none, "02-global-state"], token: secret)
        #expect(fromEnvironment.status == .exited(0), "\(fromEnvironment.stderr)")
        #expect(await host.state.currentRoom().unlocked == ["02-global-state"])

        let neither = try await dikata(["workshop", "dashboard", url, "--plain", "--token-file", none])
        #expect(neither.status == .exited(2))
        #expect(neither.stderr.contains("Cannot read the control token from \(none)"), "\(neither.stderr)")
        #expect(neither.stderr.contains("DIKATA_FACILITATOR_TOKEN"))
    }

    @Test func theHelpOffersTheTokenFileAndNotTheToken() async throws {
        for command in [["workshop", "dashboard"], ["workshop", "export"], ["workshop", "room", "list"]] {
            let help = try await dikata(command + ["--help"])
            #expect(help.stdout.contains("--token-file <file>"), "\(command): \(help.stdout)")
            #expect(!help.stdout.contains("--token <"), "\(command) still offers --token")
        }
    }
}
