import Foundation

/// Maps `items` with at most `limit` bodies running at once, keeping the input order.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int, _ body: @escaping @Sendable (Item) async -> Result
) async -> [Result] {
    await withTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: items.count)
        var next = 0
        func addNext() {
            guard next < items.count else { return }
            let index = next
            let item = items[index]
            group.addTask { (index, await body(item)) }
            next += 1
        }
        for _ in 0..<min(max(1, limit), items.count) { addNext() }
        while let (index, result) = await group.next() {
            results[index] = result
            addNext()
        }
        // Every index was filled: the loop above ran each item's body exactly once.
        return results.compactMap { $0 }
    }
}

/// At most `limit` holders at once; the others wait, the highest `priority` first and in order
/// of arrival among equals. A slot that falls free is given out a moment later (after a few
/// turns of the cooperative pool), so jobs made ready by the same event (a module written) all
/// ask before one of them takes it: the one that matters most gets it, not the quickest to ask.
///
/// A grade's priorities: the learner's targets the checks need (``first``), then the groups of
/// checks, the larger first (``HiddenBuild/priority(compiling:)``), then the learner's targets
/// no check needs, plans made ahead and the check runner's entry point (``last``).
actor AsyncSlots {
    /// The highest priority a grade gives.
    static let first = 1 << 40
    /// The lowest.
    static let last = 0

    private struct Waiter {
        var priority: Int
        var order: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private var free: Int
    private var waiting: [Waiter] = []
    private var arrivals = 0
    private var granting = false
    /// How many may hold a slot at once.
    nonisolated let limit: Int

    init(_ limit: Int) {
        self.limit = max(1, limit)
        free = self.limit
    }

    func acquire(priority: Int) async {
        await withCheckedContinuation { continuation in
            waiting.append(Waiter(priority: priority, order: arrivals, continuation: continuation))
            arrivals += 1
            scheduleGrant()
        }
    }

    func release() {
        free += 1
        scheduleGrant()
    }

    private func scheduleGrant() {
        guard free > 0, !waiting.isEmpty, !granting else { return }
        granting = true
        Task { await self.grant() }
    }

    private func grant() async {
        for _ in 0..<4 { await Task.yield() }
        granting = false
        while free > 0,
            let next = waiting.indices.max(by: { first, second in
                (waiting[first].priority, -waiting[first].order) < (waiting[second].priority, -waiting[second].order)
            })
        {
            free -= 1
            waiting.remove(at: next).continuation.resume()
        }
    }

    /// How many wait for a slot now.
    var queued: Int { waiting.count }

    /// Runs `body` holding one slot.
    func holding<Result: Sendable>(priority: Int, _ body: @Sendable () async -> Result) async -> Result {
        await acquire(priority: priority)
        let result = await body()
        release()
        return result
    }
}

/// Work done once per key (a driver plan made ahead of its compile), and waited for by
/// whoever needs its result.
actor PlansUnderway {
    private var work: [String: Task<Void, Never>] = [:]

    /// Runs `body` for `key` unless it ran or runs already; returns when it is done.
    func once(_ key: String, _ body: @escaping @Sendable () async -> Void) async {
        if let running = work[key] {
            await running.value
            return
        }
        let task = Task { await body() }
        work[key] = task
        await task.value
    }

    /// Returns once the work for `key` is done; at once when there is none.
    func wait(for key: String) async {
        await work[key]?.value
    }
}

/// Results published once each, by index, and awaited by whoever needs them.
actor OutcomeBoard<Outcome: Sendable> {
    private var outcomes: [Int: Outcome] = [:]
    private var waiting: [Int: [CheckedContinuation<Outcome, Never>]] = [:]

    func publish(_ outcome: Outcome, at index: Int) {
        outcomes[index] = outcome
        for continuation in waiting.removeValue(forKey: index) ?? [] { continuation.resume(returning: outcome) }
    }

    func outcome(at index: Int) async -> Outcome {
        if let outcome = outcomes[index] { return outcome }
        return await withCheckedContinuation { waiting[index, default: []].append($0) }
    }

    /// The outcomes published so far, without waiting for the others.
    func published() -> [Int: Outcome] { outcomes }
}

/// Runs the jobs of tasks that prefer it on one serial dispatch queue of its own, off the
/// cooperative pool. The pool has one thread per core; long synchronous work on it (parsing a
/// learner's sources with swift-syntax) keeps the tasks that start the compilers waiting for a
/// thread, while this queue's thread is only one more for the kernel to schedule.
final class SerialTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
