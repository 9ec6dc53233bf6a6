import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import WorkshopHost

/// The regrading queue is bounded (issue 17, "Going beyond"): at most N grades at once, at most
/// M waiting, one waiting grade per participant and kata; each grade becomes a verification.
/// An injected grader stands in for `dikata grade`: no process, no compiler.
@Suite struct RegraderTests {
    /// A grader whose grades wait until the test releases them, counting how many run at once.
    final class HeldGrader: Sendable {
        private let state = Mutex<(running: Int, most: Int, held: [CheckedContinuation<Void, Never>], calls: [String])>(
            (0, 0, [], []))
        let outcome: HostGrader.Outcome

        init(_ outcome: HostGrader.Outcome) { self.outcome = outcome }

        var grader: HostGrader {
            HostGrader { kata, files in
                await withCheckedContinuation { continuation in
                    self.state.withLock { state in
                        state.running += 1
                        state.most = max(state.most, state.running)
                        state.held.append(continuation)
                        state.calls.append(files["Sources/Login/Login.swift"] ?? kata)
                    }
                }
                self.state.withLock { $0.running -= 1 }
                return self.outcome
            }
        }

        var mostAtOnce: Int { state.withLock { $0.most } }
        var calls: [String] { state.withLock { $0.calls } }
        var heldCount: Int { state.withLock { $0.held.count } }

        /// Releases every grade waiting now.
        func release() {
            for continuation in state.withLock({ state in
                defer { state.held = [] }; return state.held
            }) {
                continuation.resume()
            }
        }

        /// Waits (bounded) until `count` grades are held.
        func waitForHeld(_ count: Int) async {
            for _ in 0..<2000 where heldCount < count { try? await Task.sleep(for: .milliseconds(5)) }
        }
    }

    final class Recorded: Sendable {
        let items = Mutex<[WorkshopStore.StoredVerification]>([])
        var all: [WorkshopStore.StoredVerification] { items.withLock { $0 } }
    }

    static func job(_ participant: String, kata: String = "00-warm-up", code: String = "v1") -> Regrader.Job {
        Regrader.Job(
            participant: participant,
            submission: ResultSubmission(
                id: UUID().uuidString, kata: kata, points: 11, maxPoints: 11, passed: true, checks: [],
                durationMilliseconds: 1, gradedAt: Date(timeIntervalSince1970: 1_800_000_000),
                code: ["Sources/Login/Login.swift": code]))
    }

    func regrader(_ grader: HostGrader, concurrent: Int, pending: Int, into recorded: Recorded) -> Regrader {
        Regrader(
            Regrading(concurrent: concurrent, pending: pending, grader: grader),
            now: { Date(timeIntervalSince1970: 1_800_000_100) },
            record: { item in recorded.items.withLock { $0.append(item) } })
    }

    /// Releases held grades until the queue is empty and nothing runs.
    func drain(_ regrader: Regrader, _ held: HeldGrader) async throws {
        while await regrader.running + regrader.pendingCount > 0 {
            held.release()
            try await Task.sleep(for: .milliseconds(10))
        }
        await regrader.idle()
    }

    @Test func atMostNGradesRunAtOnceAndAFullQueueRefusesMore() async throws {
        let held = HeldGrader(.graded(points: 11, maxPoints: 11, passed: true))
        let recorded = Recorded()
        let regrader = regrader(held.grader, concurrent: 2, pending: 2, into: recorded)
        var admissions: [Regrader.Admission] = []
        for participant in ["a", "b"] { admissions.append(await regrader.submit(Self.job(participant))) }
        await held.waitForHeld(2)
        for participant in ["c", "d", "e"] { admissions.append(await regrader.submit(Self.job(participant))) }
        #expect(admissions == [.queued, .queued, .queued, .queued, .refused])
        #expect(await regrader.running == 2)
        #expect(await regrader.pendingCount == 2)
        try await drain(regrader, held)
        #expect(held.mostAtOnce == 2)
        #expect(recorded.all.count == 4, "the refused share was never graded")
        #expect(Set(recorded.all.map(\.participant)) == ["a", "b", "c", "d"])
        #expect(recorded.all.allSatisfy { $0.verification.status == .verified })
    }

    @Test func aNewerShareReplacesTheOneWaitingForTheSameKata() async throws {
        let held = HeldGrader(.graded(points: 3, maxPoints: 11, passed: false))
        let recorded = Recorded()
        let regrader = regrader(held.grader, concurrent: 1, pending: 8, into: recorded)
        await regrader.submit(Self.job("busy"))
        await held.waitForHeld(1)
        #expect(await regrader.submit(Self.job("flood", code: "first")) == .queued)
        for round in 2...50 {
            #expect(await regrader.submit(Self.job("flood", code: "share \(round)")) == .replaced)
        }
        #expect(await regrader.pendingCount == 1, "a flood of shares holds one place in the queue")
        #expect(await regrader.submit(Self.job("other")) == .queued, "others still get in")
        try await drain(regrader, held)
        #expect(held.calls == ["v1", "share 50", "v1"])
        #expect(recorded.all.map(\.verification.status) == [.mismatch, .mismatch, .mismatch])
        #expect(recorded.all.first?.verification.points == 3)
    }

    @Test func aGradeTheHostCouldNotMakeIsRecordedAsUnverifiable() async throws {
        let recorded = Recorded()
        let regrader = regrader(
            .answering(.failed("grading took longer than 300 s")), concurrent: 1, pending: 1, into: recorded)
        await regrader.submit(Self.job("a"))
        await regrader.idle()
        let verification = try #require(recorded.all.first?.verification)
        #expect(verification.status == .unverifiable)
        #expect(verification.detail == "grading took longer than 300 s")
        #expect(verification.claimedPoints == 11)
    }

    @Test func aStoppingHostDropsWaitingGradesAndRecordsNothingMore() async throws {
        let held = HeldGrader(.graded(points: 11, maxPoints: 11, passed: true))
        let recorded = Recorded()
        let regrader = regrader(held.grader, concurrent: 1, pending: 4, into: recorded)
        await regrader.submit(Self.job("a"))
        await held.waitForHeld(1)
        await regrader.submit(Self.job("b"))
        await regrader.stop()
        #expect(await regrader.pendingCount == 0)
        #expect(await regrader.submit(Self.job("c")) == .refused)
        try await drain(regrader, held)
        #expect(held.calls.count == 1, "the waiting grade never started")
        #expect(recorded.all.isEmpty, "nothing is recorded once the host stops")
    }

    @Test func aResultWithoutSharedCodeIsNeverQueued() async throws {
        let recorded = Recorded()
        let regrader = regrader(.failing, concurrent: 1, pending: 1, into: recorded)
        var job = Self.job("a")
        job.submission.code = nil
        #expect(await regrader.submit(job) == .refused)
        await regrader.idle()
        #expect(recorded.all.isEmpty)
    }
}
