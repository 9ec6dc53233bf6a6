import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// bubblewrap is probed once; a grade after that starts no probe process until something that
/// decides whether bwrap works here changes. A failed probe is never remembered.
struct SandboxProbeStampTests {
    let scratch = Fixtures.runFolder.appendingPathComponent(
        "dikata-probe-stamp-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    var bwrap: String { scratch.appendingPathComponent("bin/bwrap").path }
    var bootID: URL { scratch.appendingPathComponent("boot_id") }

    func stamp() -> SandboxProbeStamp {
        var stamp = SandboxProbeStamp(cacheRoot: scratch.appendingPathComponent("cache", isDirectory: true))
        stamp.systemFiles = [bootID.path]
        return stamp
    }

    func prepare() throws {
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("bin", isDirectory: true), withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: bwrap, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bwrap)
        try "boot-1\n".write(to: bootID, atomically: true, encoding: .utf8)
    }

    func tool(_ runner: ScriptedProcessRunner) async -> Sandbox.Tool {
        await GradingEnvironment.sandboxTool(
            environment: [:], locator: ToolchainLocator(isExecutable: { $0 == bwrap }),
            path: scratch.appendingPathComponent("bin").path, runner: runner, probeStamp: stamp())
    }

    static let probe = "check that bubblewrap works"

    @Test func aProbeThatWorkedIsNotRunAgainUntilTheBootChanges() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try prepare()
        let runner = ScriptedProcessRunner([.init(Self.probe, repeats: true, .exits(0))])

        #expect(await tool(runner) == .bubblewrap(path: bwrap))
        #expect(await tool(runner) == .bubblewrap(path: bwrap))
        #expect(runner.requests(for: Self.probe).count == 1)

        try "boot-2\n".write(to: bootID, atomically: true, encoding: .utf8)
        #expect(await tool(runner) == .bubblewrap(path: bwrap))
        #expect(runner.requests(for: Self.probe).count == 2)
    }

    @Test func aChangedBwrapIsProbedAgain() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try prepare()
        let runner = ScriptedProcessRunner([.init(Self.probe, repeats: true, .exits(0))])
        _ = await tool(runner)
        try "#!/bin/sh\nexit 0\n".write(toFile: bwrap, atomically: false, encoding: .utf8)
        _ = await tool(runner)
        #expect(runner.requests(for: Self.probe).count == 2)
    }

    @Test func aFailedProbeIsNotRememberedAndIsTriedAgain() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try prepare()
        let runner = ScriptedProcessRunner([
            .init(Self.probe, .exits(1, stderr: "bwrap: No permissions to create new namespace")),
            .init(Self.probe, .exits(0)),
        ])
        #expect(
            await tool(runner)
                == .none(
                    reason: "bubblewrap cannot create a sandbox here: bwrap: No permissions to create new namespace"))
        #expect(await tool(runner) == .bubblewrap(path: bwrap))
        #expect(runner.unusedRules.isEmpty)
    }

    @Test func optingOutStartsNoProbe() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try prepare()
        let runner = ScriptedProcessRunner.failing
        let tool = await GradingEnvironment.sandboxTool(
            environment: ["DIKATA_SANDBOX": "none"], locator: ToolchainLocator(isExecutable: { $0 == bwrap }),
            path: scratch.appendingPathComponent("bin").path, runner: runner, probeStamp: stamp())
        #expect(tool == .none(reason: "DIKATA_SANDBOX=none"))
        #expect(runner.requests.isEmpty)
    }
}
