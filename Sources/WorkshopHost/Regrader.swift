import DIKataCore
import Foundation

/// How the host regrades shared code (`dikata-host --verify`): the grader, and the bounds that
/// keep a participant who floods shares from starving the host.
public struct Regrading: Sendable {
    /// Grades running at once (default: the machine's cores).
    public var concurrent: Int
    /// Grades waiting at most; a share that finds the queue full stays self-reported.
    public var pending: Int
    public var grader: HostGrader

    public init(concurrent: Int, pending: Int, grader: HostGrader) {
        self.concurrent = max(1, concurrent)
        self.pending = max(1, pending)
        self.grader = grader
    }
}

/// The regrading queue: at most `concurrent` grades run at once, at most `pending` wait, and a
/// participant has at most one waiting grade per kata (a newer share replaces the one waiting:
/// only the latest code of a kata is kept anyway). Each grade's verification goes to `record`.
actor Regrader {
    struct Job: Sendable {
        var participant: String
        var submission: ResultSubmission
    }

    /// What became of a submitted job.
    enum Admission: Equatable, Sendable {
        case queued
        /// It replaced a waiting job of the same participant and kata.
        case replaced
        /// The queue was full: the result stays self-reported.
        case refused
    }

    let regrading: Regrading
    let now: @Sendable () -> Date
    let record: @Sendable (WorkshopStore.StoredVerification) async -> Void
    private var waiting: [Job] = []
    private(set) var running = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    private var stopped = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    init(
        _ regrading: Regrading, now: @escaping @Sendable () -> Date,
        record: @escaping @Sendable (WorkshopStore.StoredVerification) async -> Void
    ) {
        self.regrading = regrading
        self.now = now
        self.record = record
    }

    var pendingCount: Int { waiting.count }

    @discardableResult
    func submit(_ job: Job) -> Admission {
        guard job.submission.code != nil, !stopped else { return .refused }
        let admission: Admission
        if let index = waiting.firstIndex(where: {
            $0.participant == job.participant && $0.submission.kata == job.submission.kata
        }) {
            waiting[index] = job
            admission = .replaced
        } else if waiting.count < regrading.pending {
            waiting.append(job)
            admission = .queued
        } else {
            return .refused
        }
        startWaiting()
        return admission
    }

    /// Queues shares stored while no grade ran for them (the host restarted, or ran without
    /// `--verify`), within the same bounds as new ones.
    func requeue(_ shares: [Dashboard.Attempt]) {
        for share in shares { submit(Job(participant: share.participant, submission: share.submission)) }
    }

    /// Returns once nothing is waiting or running (tests; a quiet host).
    func idle() async {
        guard running > 0 || !waiting.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func startWaiting() {
        while running < regrading.concurrent, !waiting.isEmpty {
            let job = waiting.removeFirst()
            running += 1
            let grader = regrading.grader
            let id = nextTask
            nextTask += 1
            tasks[id] = Task {
                let outcome = await grader.grade(job.submission.kata, job.submission.code ?? [:])
                await self.finish(job, outcome, task: id)
            }
        }
    }

    /// The host is stopping: waiting grades are dropped and running ones cancelled (their
    /// processes killed); nothing more is recorded.
    func stop() {
        stopped = true
        waiting = []
        for task in tasks.values { task.cancel() }
    }

    private func finish(_ job: Job, _ outcome: HostGrader.Outcome, task: Int) async {
        tasks[task] = nil
        guard !stopped else {
            running -= 1
            resumeIdleWaiters()
            return
        }
        let claim = job.submission
        let verification: Verification
        switch outcome {
        case .graded(let points, let maxPoints, let passed):
            verification = .compare(claim, points: points, maxPoints: maxPoints, passed: passed, at: now())
        case .failed(let reason):
            verification = .unverifiable(claim, because: reason, at: now())
        }
        await record(
            .init(participant: job.participant, kata: claim.kata, gradedAt: claim.gradedAt, verification: verification))
        running -= 1
        startWaiting()
        resumeIdleWaiters()
    }

    private func resumeIdleWaiters() {
        guard running == 0, waiting.isEmpty else { return }
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters = []
    }
}
