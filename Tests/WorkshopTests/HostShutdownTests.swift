import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

#if canImport(Glibc)
    import Glibc
#endif

/// The real `dikata-host` stops on SIGTERM with a dashboard's event stream open (issue 17,
/// Medium): it used to wait on the stream forever. A process start, no compiler: fast tier.
@Suite struct HostShutdownTests {
    @Test func sigtermWithAnEventStreamOpenExitsWithinFiveSecondsAndLosesNothing() async throws {
        // No `stop()`: this test reaps the process itself (the fixture's deinit kills it if a
        // check fails first).
        let host = try await HostFixture.start()
        let ada = try await host.participant("Ada")
        let stream = try RawSocket(port: host.port)
        stream.send("GET /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(host.projectorToken)\r\n\r\n")
        #expect(await stream.read(until: "event: update", timeout: 5).contains("event: update"))
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
}
