import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

#if canImport(Glibc)
    import Glibc
#endif

/// The real `dikata-host` process (issue 17, Medium): it stops on SIGTERM with a dashboard's
/// event stream open (it used to wait on the stream forever), and it says when it serves plain
/// HTTP beyond loopback. A process start, no compiler: fast tier.
@Suite struct HostShutdownTests {
    @Test func sigtermWithAnEventStreamOpenExitsWithinFiveSecondsAndLosesNothing() async throws {
        // No `stop()`: this test reaps the process itself (the fixture's deinit kills it if a
        // check fails first).
        let host = try await HostFixture.start()
        let ada = try await host.participant("Ada")
        let stream = try RawSocket(port: host.port)
        stream.send("GET /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(host.projectorToken)\r\n\r\n")
        #expect(await stream.read(until: "event: update", timeout: 10).contains("event: update"))
        for _ in 0..<20 { _ = try await ada.submit(HostFixture.result()) }

        let began = Date()
        kill(host.process.pid, SIGTERM)
        var status: Int32 = 0
        var ended = false
        while Date().timeIntervalSince(began) < 5, !ended {
            ended = waitpid(host.process.pid, &status, WNOHANG) == host.process.pid
            if !ended { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(ended, "the host was still running 5 s after SIGTERM")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0, "the host did not exit cleanly: status \(status)")
        #expect(await stream.read(timeout: 1).closed, "the event stream was ended")

        let restarted = try await HostFixture.start(database: host.database)
        defer { restarted.stop() }
        #expect(try await restarted.facilitator.dashboard().resultCount == 20, "every acknowledged result was kept")
    }

    @Test func bindingBeyondLoopbackWithoutTLSWarnsAndNoControlTokenIsPrinted() async throws {
        let folder = try Fixtures.temporaryDirectory("host-bind")
        let database = folder.appendingPathComponent("w.sqlite").path
        let process = try BackgroundProcess(
            [
                HostFixture.binary.path, "--port", "0", "--bind", "0.0.0.0", "--no-tls", "--db", database, "--katas",
                "00-02",
            ],
            output: folder.appendingPathComponent("host.log"))
        defer { process.stop() }
        #expect(await process.waitForOutput(#/(#view=[0-9a-f]+)/#) != nil, "\(process.output)")
        #expect(process.output.contains("warning: binding to 0.0.0.0 without TLS serves plain HTTP"))
        let token = try #require(SecretsFile.token(at: database + ".token"))
        #expect(!process.output.contains(token), "the control token was printed")
    }
}
