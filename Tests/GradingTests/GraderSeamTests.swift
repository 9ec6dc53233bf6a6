import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// The grader uses only the runner and the clock it is given: no compiler runs here, and the
/// verdict's duration is the test clock's.
struct GraderSeamTests {
    let clock = TestClock()
    let scratch = Fixtures.runFolder.appendingPathComponent(
        "dikata-grader-seams-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    var kata: Kata {
        Kata(manifest: SampleVerdicts.kata, directory: scratch.appendingPathComponent("kata", isDirectory: true))
    }

    func grader(_ runner: ScriptedProcessRunner) -> Grader {
        var environment = GradingEnvironment.scripted
        environment.cacheRoot = scratch.appendingPathComponent("cache", isDirectory: true)
        return Grader(environment: environment, runner: runner, now: clock.now, pause: clock.pause)
    }

    func package(manifest: String?) throws -> URL {
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        let sources = package.appendingPathComponent("Sources/Items", isDirectory: true)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "struct Item {}\n".write(
            to: sources.appendingPathComponent("Item.swift"), atomically: true, encoding: .utf8)
        if let manifest {
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        }
        return package
    }

    @Test func aFolderWithoutAPackageIsBadInputAndStartsNothing() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = ScriptedProcessRunner.failing
        await #expect(throws: GradingError.self) {
            try await grader(runner).grade(kata, package: try package(manifest: nil))
        }
        #expect(runner.requests.isEmpty)
    }

    @Test func anUnreadableManifestStopsTheGradeAndTheDurationIsTheClocks() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = ScriptedProcessRunner([
            .init("read Package.swift") { _ in
                clock.advance(by: 2.5)
                return .exits(1, stderr: "Package.swift:1:1: error: cannot find 'Pakage' in scope")
            },
            // The check runner's entry point compiles while Package.swift is read.
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
        ])
        let verdict = try await grader(runner).grade(kata, package: try package(manifest: "Pakage()\n"))

        #expect(verdict.duration == 2.5)
        #expect(verdict.problems.contains { $0.contains("cannot find 'Pakage' in scope") })
        #expect(verdict.checks.allSatisfy { $0.status == .notRun })
        // Package.swift ran contained: the kata's folder hidden, only SwiftPM's scratch and home writable.
        let request = try #require(runner.requests(for: "read Package.swift").first)
        let line = request.arguments.joined(separator: " ")
        let build = grader(runner).buildDirectory(for: kata, package: scratch.appendingPathComponent("package")).path
        #expect(line.contains("--tmpfs \(kata.directory.path) "))
        #expect(line.contains("--bind \(build)/swiftpm \(build)/swiftpm --bind \(build)/home \(build)/home --unshare"))
        #expect(line.contains("dump-package"))
    }

    /// The hidden checks a grade compiles are the kata's files as they are now: the build
    /// folder's copy is left alone while it holds exactly them, and made again when any of them
    /// changed, was added or was removed, or when the copy itself was changed.
    @Test func theHiddenChecksCopyIsAlwaysTheKatasFilesAndLeftAloneWhileItIs() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = ScriptedProcessRunner([
            .init("read Package.swift", repeats: true, .exits(1, stderr: "Package.swift:1:1: error: no")),
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
        ])
        let tests = kata.hidden.appendingPathComponent("tests", isDirectory: true)
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try "// one\n".write(to: tests.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let package = try package(manifest: "Pakage()\n")
        let grader = grader(runner)
        let copy = BuildFolder(root: grader.buildDirectory(for: kata, package: package)).hiddenSources
            .appendingPathComponent("tests", isDirectory: true)
        func copied() -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: FolderWalk(copy).files().map {
                    ($0, (try? String(contentsOf: copy.appendingPathComponent($0), encoding: .utf8)) ?? "")
                })
        }
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        func copiedDate() -> Date? {
            try? FileManager.default.attributesOfItem(atPath: copy.appendingPathComponent("A.swift").path)[
                .modificationDate] as? Date
        }

        _ = try await grader.grade(kata, package: package)
        #expect(copied() == ["A.swift": "// one\n"])
        // The same files: the copy is not made again (its date stays as it was).
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: copy.appendingPathComponent("A.swift").path)
        _ = try await grader.grade(kata, package: package)
        #expect(copiedDate() == old)

        try "// two\n".write(to: tests.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        _ = try await grader.grade(kata, package: package)
        #expect(copied() == ["A.swift": "// two\n"], "a changed check file is copied again")

        try "// b\n".write(to: tests.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        _ = try await grader.grade(kata, package: package)
        #expect(copied() == ["A.swift": "// two\n", "B.swift": "// b\n"])

        try FileManager.default.removeItem(at: tests.appendingPathComponent("A.swift"))
        _ = try await grader.grade(kata, package: package)
        #expect(copied() == ["B.swift": "// b\n"])

        // A copy changed behind the grader's back is never compiled: it is made again.
        try "// forged\n".write(to: copy.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        try "".write(to: copy.appendingPathComponent("Extra.swift"), atomically: true, encoding: .utf8)
        _ = try await grader.grade(kata, package: package)
        #expect(copied() == ["B.swift": "// b\n"])
    }

    /// A grade records its start (the grader's clock) as its folder's last use and leaves the
    /// `keptBuildFolders` most recently graded: its own, however full the cache was.
    @Test func aGradeKeepsItsFolderAndPrunesTheOldest() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = ScriptedProcessRunner([
            .init("read Package.swift", .exits(1, stderr: "Package.swift:1:1: error: cannot find 'Pakage' in scope")),
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
        ])
        var grader = grader(runner)
        grader.environment.keptBuildFolders = 2
        let folders = grader.environment.buildFolders
        for (age, name) in ["01-x-newer", "01-x-older"].enumerated() {
            try FileManager.default.createDirectory(
                at: folders.root.appendingPathComponent(name), withIntermediateDirectories: true)
            let lock = try #require(GradeLock.take(folders.lockFile(name)))
            lock.markUsed(at: clock.now().addingTimeInterval(-100 - Double(age)))
            lock.release()
        }
        let package = try package(manifest: "Pakage()\n")
        _ = try await grader.grade(kata, package: package)

        let own = grader.buildDirectory(for: kata, package: package).lastPathComponent
        #expect(
            folders.entries() == [
                .init(name: own, lastUsed: clock.now()),
                .init(name: "01-x-newer", lastUsed: clock.now().addingTimeInterval(-100)),
            ])
    }

    /// The tutorial shows a grade made in another terminal (`dikata grade`) while the kata's
    /// files are the ones it graded, and only then.
    @Test func theLastVerdictIsTheLastGradeOfTheseVeryFiles() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let kata = try Fixtures.loginKata()
        let package = try package(manifest: "// a package\n")
        let grader = grader(ScriptedProcessRunner.failing)
        #expect(grader.lastVerdict(for: kata, package: package) == nil, "nothing graded yet")

        let folder = BuildFolder(root: grader.buildDirectory(for: kata, package: package))
        try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
        let verdict = ChainFixtures.verdict(
            kata: kata.id, checks: kata.manifest.checks.map(\.id), passing: Set(kata.manifest.checks.map(\.id)))
        LastGrade(sources: LastGrade.sourcesHash(of: package), verdict: verdict).write(to: folder)
        #expect(grader.lastVerdict(for: kata, package: package) == verdict)

        // Another kata's checks (a library changed since) or an edit since: nothing to show.
        let otherChecks = ChainFixtures.verdict(kata: kata.id, checks: ["gone"], passing: [])
        LastGrade(sources: LastGrade.sourcesHash(of: package), verdict: otherChecks).write(to: folder)
        #expect(grader.lastVerdict(for: kata, package: package) == nil)
        LastGrade(sources: LastGrade.sourcesHash(of: package), verdict: verdict).write(to: folder)
        try "struct Item { var id = 1 }\n".write(
            to: package.appendingPathComponent("Sources/Items/Item.swift"), atomically: true, encoding: .utf8)
        #expect(grader.lastVerdict(for: kata, package: package) == nil)
    }
}
