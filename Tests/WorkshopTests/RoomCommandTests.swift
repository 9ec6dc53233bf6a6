import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// `dikata workshop room …` (issue 17, room control from the command line): the real `dikata`
/// binary against a real host on loopback, in this process (no compiler runs). The control
/// token comes from the host's 0600 token file, never from the command line.
@Suite struct RoomCommandTests {
    static let dikata = Fixtures.katas.deletingLastPathComponent().appendingPathComponent(".build/debug/dikata").path

    struct Run {
        var status: Termination
        var stdout: String
        var stderr: String
    }

    func room(_ host: InProcessHost, _ arguments: [String], tokenFile: String? = nil) async throws -> Run {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.dikata), "build first: swift build --build-tests")
        var environment = ProcessInfo.processInfo.environment
        environment["DIKATA_FACILITATOR_TOKEN"] = nil
        environment["NO_COLOR"] = "1"
        let result = await PosixProcessRunner(now: { Date() }).run(
            ProcessRequest(
                executable: Self.dikata,
                arguments: ["workshop", "room"] + arguments + [
                    "--url", host.url.absoluteString, "--token-file", tokenFile ?? host.tokenPath,
                ],
                environment: environment, timeout: 30, purpose: "dikata workshop room"))
        return Run(status: result.termination, stdout: result.stdout.text, stderr: result.stderr.text)
    }

    func join(_ host: InProcessHost, _ name: String) async throws -> String {
        try await WorkshopClient(baseURL: host.url).join(code: await host.state.joinCode, name: name).token
    }

    @Test func theFacilitatorListsKicksAndRenamesParticipantsByName() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let mallory = try await join(host, "Mallory")
        _ = try await join(host, "ada")
        let listed = try await room(host, ["list"])
        #expect(listed.status == .exited(0), "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("2 participants:\n  Mallory"), "\(listed.stdout)")
        #expect(listed.stdout.contains("  ada  "))

        let kicked = try await room(host, ["kick", "MALLORY"])
        #expect(kicked.status == .exited(0), "\(kicked.stderr)")
        #expect(kicked.stdout == "Removed \"Mallory\"; 1 participant(s) left.\n")
        do {
            _ = try await WorkshopClient(baseURL: host.url, token: mallory).room()
            Issue.record("a kicked participant's token still works")
        } catch { #expect(error.needsMembership) }

        let renamed = try await room(host, ["rename", "ada", "Ada L."])
        #expect(renamed.stdout == "Renamed \"ada\" to \"Ada L.\".\n", "\(renamed.stderr)")
        #expect(await host.state.members().map(\.name) == ["Ada L."])

        let unknown = try await room(host, ["kick", "Nobody"])
        #expect(unknown.status == .exited(2))
        #expect(
            unknown.stderr.contains("no participant is called \"Nobody\" (in the room: Ada L.)"), "\(unknown.stderr)")
        _ = try await join(host, "Bob")
        let taken = try await room(host, ["rename", "Bob", "ADA L."])
        #expect(taken.status == .exited(2))
        #expect(taken.stderr.contains("(409): that name is taken"), "\(taken.stderr)")
    }

    @Test func joinsCloseAndOpenAndARotatedCodeRefusesTheOldOne() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let closed = try await room(host, ["close"])
        #expect(closed.stdout == "Joining is closed.\n", "\(closed.stderr)")
        #expect(await host.state.areJoinsOpen() == false)
        #expect(try await room(host, ["open"]).stdout == "Joining is open.\n")
        let old = await host.state.joinCode
        let rotated = try await room(host, ["rotate-code"])
        let code = await host.state.joinCode
        #expect(code != old)
        #expect(rotated.stdout == "New join code: \(code) (the old one no longer works).\n")
        do {
            _ = try await WorkshopClient(baseURL: host.url).join(code: old, name: "Late")
            Issue.record("the old join code still works")
        } catch { #expect(error == .rejected(status: 401, message: "wrong join code")) }
    }

    @Test func rotatedTokensRevokeTheOldOnesAndTheNewControlTokenStaysInTheFile() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let before = await host.state.currentSecrets()
        let rotated = try await room(host, ["rotate-tokens"])
        #expect(rotated.status == .exited(0), "\(rotated.stderr)")
        let after = await host.state.currentSecrets()
        #expect(after.facilitatorToken != before.facilitatorToken && after.projectorToken != before.projectorToken)
        #expect(rotated.stdout.contains("#view=\(after.projectorToken)"))
        #expect(!rotated.stdout.contains(after.facilitatorToken), "the control token is never printed")
        #expect(SecretsFile.token(at: host.tokenPath) == after.facilitatorToken)
        #expect(await host.state.role(of: before.facilitatorToken) == nil)
        #expect(try await room(host, ["list"]).status == .exited(0), "the token file still works")

        // A copy of the token elsewhere is rewritten too, readable by its owner alone.
        let copy = host.folder.appendingPathComponent("copy.token").path
        try Data((after.facilitatorToken + "\n").utf8).write(to: URL(fileURLWithPath: copy))
        #expect(try await room(host, ["rotate-tokens"], tokenFile: copy).status == .exited(0))
        let newest = await host.state.currentSecrets().facilitatorToken
        #expect(SecretsFile.token(at: copy) == newest)
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func withoutTheTokenFileTheCommandSaysWhatToPass() async throws {
        let host = try await InProcessHost.start()
        defer { Task { await host.stop() } }
        let missing = try await room(host, ["list"], tokenFile: host.folder.appendingPathComponent("none").path)
        #expect(missing.status == .exited(2))
        #expect(missing.stderr.contains("Cannot read the control token from"))
        let wrong = host.folder.appendingPathComponent("wrong.token").path
        try Data("not-the-token\n".utf8).write(to: URL(fileURLWithPath: wrong))
        let refused = try await room(host, ["close"], tokenFile: wrong)
        #expect(refused.status == .exited(2))
        #expect(refused.stderr.contains("(401): the facilitator token is required"), "\(refused.stderr)")
        #expect(await host.state.areJoinsOpen(), "a refused command changes nothing")
    }
}
