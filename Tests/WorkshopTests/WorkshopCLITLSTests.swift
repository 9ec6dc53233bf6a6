import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// The participant's `dikata` over HTTPS, as people use it: the printed link (with its pin)
/// pasted into `workshop join`, then `status`; the membership keeps the pin. Processes, no
/// compiler: fast tier.
@Suite struct WorkshopCLITLSTests {
    static let dikata = Fixtures.katas.deletingLastPathComponent().appendingPathComponent(".build/debug/dikata").path

    func run(_ arguments: [String]) async -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["DIKATA_CACHE_DIR"] = Fixtures.cacheRoot.path
        environment["TERM"] = "dumb"
        return await PosixProcessRunner(now: { Date() }).run(
            ProcessRequest(
                executable: Self.dikata, arguments: arguments, environment: environment, timeout: 60,
                purpose: "run dikata"))
    }

    @Test func theCLIJoinsThroughThePinnedLinkKeepsThePinAndRefusesAnotherKey() async throws {
        let issued = try CertificateMaker(dependencies: .live).make(commonName: "host", names: ["127.0.0.1"])
        let tls = try HostTLS(certificateChainPEM: issued.certificatePEM, privateKeyPEM: issued.privateKeyPEM)
        let host = try await InProcessHost.start { $0.tls = tls }
        defer { Task { await host.stop() } }
        let code = await host.state.currentSecrets().joinCode
        let workspace = host.folder.appendingPathComponent("workspace")
        #expect(await run(["init", workspace.path]).termination == .exited(0))
        let link = "https://127.0.0.1:\(host.port)/#pin=\(tls.pin)"
        let joined = await run([
            "workshop", "join", link, "--name", "Ada", "--code", code, "--workspace", workspace.path,
        ])
        #expect(joined.termination == .exited(0), "\(joined.combinedOutput)")
        let membership = try #require(
            Membership.load(from: workspace.appendingPathComponent(".dikata/workshop.json")))
        #expect(membership.url == link, "the pin is kept with the host's address")
        let status = await run(["workshop", "status", "--workspace", workspace.path])
        #expect(status.termination == .exited(0) && status.stdout.text.contains("Workshop: \(link) as Ada"))
        #expect(await host.state.members().map(\.name) == ["Ada"])

        let wrong = "https://127.0.0.1:\(host.port)/#pin=sha256//" + Data(repeating: 9, count: 32).base64EncodedString()
        let refused = await run([
            "workshop", "join", wrong, "--name", "Eve", "--code", code, "--workspace", workspace.path,
        ])
        #expect(refused.termination != .exited(0))
        #expect(refused.combinedOutput.contains("seen \(tls.pin)"), "\(refused.combinedOutput)")
        #expect(await host.state.members().count == 1, "nothing was sent with the wrong pin")
    }
}
