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
    let scratch = Fixtures.runFolder.appendingPathComponent(
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
            },
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
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
        for verdict in verdicts {
            #expect(verdict.problems.contains { $0.contains("cannot find 'Pakage' in scope") })
        }
        // The one that waited found the same files graded and took that verdict.
        let waited = stages.all.filter { $0 == .waiting(kata: kata.id) }.count
        #expect(waited <= 1)
        #expect(runner.requests(for: "read Package.swift").count == (waited == 1 ? 1 : 2))
    }

    /// A grade of `package` that starts while the test holds the kata's lock; the test acts
    /// once the grade says it waits, then lets it in.
    func gradeAfterWaiting(
        _ grader: Grader, _ kata: Kata, package: URL, meanwhile: () throws -> Void
    ) async throws -> Verdict {
        let lockFile = grader.buildDirectory(for: kata, package: package).appendingPathExtension("lock")
        let held = try await GradeLock.acquire(lockFile, pause: { _ in }, waiting: {})
        let waiting = Mutex(false)
        let grade = Task {
            try await grader.grade(
                kata, package: package,
                progress: { stage in
                    if case .waiting = stage { waiting.withLock { $0 = true } }
                })
        }
        while !waiting.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        try meanwhile()
        held.release()
        return try await grade.value
    }

    @Test func aGradeThatWaitedReusesTheVerdictOfTheSameFilesAndRegradesChangedOnes() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let manifest = package.appendingPathComponent("Package.swift")
        try "Pakage()\n".write(to: manifest, atomically: true, encoding: .utf8)
        let runner = ScriptedProcessRunner([
            .init(
                "read Package.swift", repeats: true, .exits(1, stderr: "Package.swift:1:1: error: cannot find 'Pakage'")
            ),
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
        ])
        var environment = GradingEnvironment.scripted
        environment.cacheRoot = scratch.appendingPathComponent("cache", isDirectory: true)
        let grader = Grader(
            environment: environment, runner: runner, now: TestClock().now,
            pause: { _ in try? await Task.sleep(for: .milliseconds(1)) })
        let kata = Kata(manifest: SampleVerdicts.kata, directory: scratch.appendingPathComponent("kata"))

        let first = try await grader.grade(kata, package: package)
        #expect(runner.requests(for: "read Package.swift").count == 1)
        let reused = try await gradeAfterWaiting(grader, kata, package: package, meanwhile: {})
        #expect(reused == first)
        #expect(runner.requests(for: "read Package.swift").count == 1, "the same files are not graded twice")

        let regraded = try await gradeAfterWaiting(grader, kata, package: package) {
            try "Pakage(name: \"x\")\n".write(to: manifest, atomically: true, encoding: .utf8)
        }
        #expect(runner.requests(for: "read Package.swift").count == 2, "changed files are graded again")
        #expect(regraded.problems == first.problems)
        _ = try await grader.grade(kata, package: package)
        #expect(runner.requests(for: "read Package.swift").count == 3, "a grade that did not wait always grades")
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
