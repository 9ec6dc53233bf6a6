import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Grading

/// Two grades of one kata at once (the tutorial's watch and `dikata grade` in another
/// terminal) take turns in the kata's build folder: the second waits and says so, and both
/// give the verdict the code deserves. No compiler runs: the manifest read is scripted.
struct ConcurrentGradeTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dikata-concurrent-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    @Test func twoGradesOfOneKataTakeTurnsAndBothGiveTheTrueVerdict() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Items"), withIntermediateDirectories: true)
        try "Pakage()\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let inside = Mutex((now: 0, most: 0))
        let runner = ScriptedProcessRunner([
            .init("read Package.swift", repeats: true) { _ in
                inside.withLock {
                    $0.now += 1; $0.most = max($0.most, $0.now)
                }
                // Long enough for the other grade to reach the folder if nothing stopped it.
                Thread.sleep(forTimeInterval: 0.05)
                inside.withLock { $0.now -= 1 }
                return .exits(1, stderr: "Package.swift:1:1: error: cannot find 'Pakage' in scope")
            }
        ])
        var environment = GradingEnvironment.scripted
        environment.cacheRoot = scratch.appendingPathComponent("cache", isDirectory: true)
        let clock = TestClock()
        let grader = Grader(
            environment: environment, runner: runner, now: clock.now,
            pause: { _ in try? await Task.sleep(for: .milliseconds(1)) })
        let kata = Kata(manifest: SampleVerdicts.kata, directory: scratch.appendingPathComponent("kata"))
        let stages = CallLog<GradingStage>()

        async let first = grader.grade(kata, package: package, progress: { stages.append($0) })
        async let second = grader.grade(kata, package: package, progress: { stages.append($0) })
        let verdicts = try await [first, second]

        #expect(inside.withLock { $0.most } == 1, "both grades were in the build folder at once")
        #expect(runner.requests(for: "read Package.swift").count == 2)
        for verdict in verdicts {
            #expect(verdict.problems.contains { $0.contains("cannot find 'Pakage' in scope") })
        }
        #expect(stages.all.filter { $0 == .waiting(kata: kata.id) }.count <= 1)
    }

    @Test func aSecondGradeWaitsSaysSoOnceAndGoesOnWhenTheFirstEnds() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("builds/01-singleton-abc.lock")
        let held = try await GradeLock.acquire(file, pause: { _ in }, waiting: { Issue.record("the lock was free") })
        let waits = CallLog<String>()
        let polls = Mutex(0)
        let second = Task {
            let lock = try await GradeLock.acquire(
                file,
                pause: { _ in
                    polls.withLock { $0 += 1 }
                    try? await Task.sleep(for: .milliseconds(1))
                }, waiting: { waits.append(GradingStage.waiting(kata: "01-singleton").summary) })
            lock.release()
        }
        while polls.withLock({ $0 }) < 3 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(waits.all == ["waiting for the other grade of 01-singleton…"])
        held.release()
        try await second.value
        #expect(waits.all.count == 1)
    }
}
