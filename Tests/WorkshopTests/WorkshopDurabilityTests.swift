import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop

#if canImport(Glibc)
    import Glibc
#endif

extension Slow {
    /// Nothing acknowledged is lost: not when the host is killed mid-stream, not while it is down.
    @Suite(.serialized) struct WorkshopDurabilityTests {
        @Test func killingTheHostMidStreamLosesNoAcknowledgedResult() async throws {
            let host = try await HostFixture.start()
            let ada = try await host.participant("Ada")
            let acknowledged = AckCounter()
            let sender = Task {
                // Keeps posting until the host dies under it.
                for _ in 0..<100_000 {
                    do {
                        let receipt = try await ada.submit(HostFixture.result())
                        if !receipt.duplicate { await acknowledged.add(receipt.id) }
                    } catch {
                        return
                    }
                }
            }
            // Killed mid-stream: once results are being acknowledged (a loaded machine can take
            // longer than a fixed pause to answer the first), and a little later.
            let deadline = ContinuousClock.now + .seconds(30)
            while await acknowledged.ids.isEmpty && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await Task.sleep(for: .milliseconds(300))
            host.process.stop(SIGKILL)
            await sender.value
            let sent = await acknowledged.ids
            #expect(!sent.isEmpty)

            // Restart on the same database and port: the old tokens still work.
            let restarted = try await HostFixture.start(database: host.database, port: host.port)
            defer { restarted.stop() }
            #expect(restarted.code == host.code)
            #expect(restarted.facilitatorToken == host.facilitatorToken)
            let dashboard = try await restarted.facilitator.dashboard()
            #expect(dashboard.resultCount >= sent.count, "every acknowledged result is still there")
            #expect(dashboard.resultCount <= sent.count + 1, "at most the one in flight when the host died")
            let reconnected = WorkshopClient(baseURL: restarted.url, token: ada.token)
            _ = try await reconnected.room()
            _ = try await reconnected.submit(HostFixture.result())
            #expect(try await restarted.facilitator.dashboard().resultCount == dashboard.resultCount + 1)
        }

        @Test func resultsWaitInTheQueueWhileTheHostIsDownAndArriveOnce() async throws {
            let host = try await HostFixture.start()
            let ada = try await host.participant("Ada")
            let port = host.port
            let database = host.database
            host.stop()
            let queue = OfflineQueue(folder: try Fixtures.temporaryDirectory("queue"))
            let first = HostFixture.result()
            let second = HostFixture.result(points: 14, passed: true, failing: [])
            try queue.enqueue(first)
            try queue.enqueue(second)
            let offline = await queue.flush(with: WorkshopClient(baseURL: ada.baseURL, token: ada.token, timeout: 2))
            #expect(offline.sent == 0 && offline.waiting == 2 && offline.dropped.isEmpty)
            #expect(offline.problem?.contains("unreachable") == true)
            #expect(queue.pending.count == 2)

            let restarted = try await HostFixture.start(database: database, port: port)
            defer { restarted.stop() }
            let online = await queue.flush(with: WorkshopClient(baseURL: restarted.url, token: ada.token))
            #expect(online == OfflineQueue.FlushReport(sent: 2, waiting: 0, dropped: []))
            #expect(queue.pending.isEmpty)
            // A resend (say the acknowledgement was lost) is not counted again.
            _ = try await WorkshopClient(baseURL: restarted.url, token: ada.token).submit(first)
            #expect(try await restarted.facilitator.dashboard().resultCount == 2)
        }
    }
}

actor AckCounter {
    private(set) var ids: [String] = []
    func add(_ id: String) { ids.append(id) }
}
