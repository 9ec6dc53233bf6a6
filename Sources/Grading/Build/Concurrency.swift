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

/// At most `limit` holders at once; the others wait in order of arrival, urgent ones first
/// (a learner target that others wait on goes before a hidden check that nothing waits on).
actor AsyncSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var waitingUrgent: [CheckedContinuation<Void, Never>] = []
    /// How many may hold a slot at once.
    nonisolated let limit: Int

    init(_ limit: Int) {
        self.limit = max(1, limit)
        free = self.limit
    }

    func acquire(urgent: Bool = true) async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation {
            if urgent { waitingUrgent.append($0) } else { waiting.append($0) }
        }
    }

    func release() {
        if !waitingUrgent.isEmpty {
            waitingUrgent.removeFirst().resume()
        } else if !waiting.isEmpty {
            waiting.removeFirst().resume()
        } else {
            free += 1
        }
    }

    /// Runs `body` holding one slot.
    func holding<Result: Sendable>(urgent: Bool = true, _ body: @Sendable () async -> Result) async -> Result {
        await acquire(urgent: urgent)
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
