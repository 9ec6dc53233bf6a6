import Foundation
import TestSupport
import Testing

@testable import Grading

/// dikata's cache keeps one build folder per kata and graded package: a class's batch or a
/// workshop's regrades would fill the disk (the tests' own cache once held 30 GB). Real
/// folders and real locks; no compiler runs.
struct BuildFoldersTests {
    let cacheRoot = Fixtures.runFolder.appendingPathComponent(
        "dikata-build-folders-\(UUID().uuidString.prefix(8))", isDirectory: true)

    /// Makes `names` build folders (a file in each), the first the most recently used, a
    /// minute apart.
    func make(_ names: [String], in folders: BuildFolders, newest: Date = Date(timeIntervalSince1970: 1_800_000_000))
        throws
    {
        for (age, name) in names.enumerated() {
            let folder = folders.root.appendingPathComponent(name, isDirectory: true)
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("targets"), withIntermediateDirectories: true)
            try Data(count: 1000).write(to: folder.appendingPathComponent("targets/A.o"))
            let lock = try #require(GradeLock.take(folders.lockFile(name)))
            lock.markUsed(at: newest.addingTimeInterval(-60 * Double(age)))
            lock.release()
        }
    }

    func remaining(_ folders: BuildFolders) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folders.root.path).sorted()
    }

    @Test func theMostRecentlyGradedStayAndTheRestGoWithTheirLocks() throws {
        defer { try? FileManager.default.removeItem(at: cacheRoot) }
        let folders = BuildFolders(cacheRoot: cacheRoot, limit: 2)
        try make(["05-b", "02-a", "06-c", "00-d"], in: folders)
        #expect(folders.entries().map(\.name) == ["05-b", "02-a", "06-c", "00-d"])

        #expect(folders.prune() == ["06-c", "00-d"])
        #expect(try remaining(folders) == ["02-a", "02-a.lock", "05-b", "05-b.lock"])
        #expect(folders.prune().isEmpty, "at the limit: nothing more goes")
    }

    @Test func aFolderAGradeHoldsStaysHoweverOld() throws {
        defer { try? FileManager.default.removeItem(at: cacheRoot) }
        let folders = BuildFolders(cacheRoot: cacheRoot, limit: 1)
        try make(["new", "grading-now", "old"], in: folders)
        let held = try #require(GradeLock.take(folders.lockFile("grading-now")))
        #expect(GradeLock.take(folders.lockFile("grading-now")) == nil, "the lock holds within one process too")

        #expect(folders.prune() == ["old"])
        #expect(try remaining(folders) == ["grading-now", "grading-now.lock", "new", "new.lock"])
        held.release()
        #expect(folders.prune() == ["grading-now"])
    }

    /// A grade waiting for a folder's lock while the folder is removed takes the lock on the new
    /// file at the path, not on the removed one: two grades never share a folder.
    @Test func aLockIsTakenOnTheFileAtItsPath() async throws {
        defer { try? FileManager.default.removeItem(at: cacheRoot) }
        let folders = BuildFolders(cacheRoot: cacheRoot, limit: 1)
        try make(["kept", "old"], in: folders)
        let holder = try #require(GradeLock.take(folders.lockFile("old")))
        let waiter = Task {
            try await GradeLock.acquire(
                folders.lockFile("old"), pace: .milliseconds(5), pause: { try? await Task.sleep(for: $0) }, waiting: {})
        }
        try await Task.sleep(for: .milliseconds(30))
        // As a removal does: delete the folder and its lock file, then let go.
        try FileManager.default.removeItem(at: folders.root.appendingPathComponent("old"))
        holder.unlinkFile(folders.lockFile("old"))
        holder.release()
        let lock = try await waiter.value
        #expect(FileManager.default.fileExists(atPath: folders.lockFile("old").path))
        #expect(GradeLock.take(folders.lockFile("old")) == nil, "the waiter holds the file now at the path")
        lock.release()
    }

    @Test func whatAnInterruptedRemovalLeftIsSweptAndOrphanLocksGo() throws {
        defer { try? FileManager.default.removeItem(at: cacheRoot) }
        let folders = BuildFolders(cacheRoot: cacheRoot, limit: 8)
        try make(["kept"], in: folders)
        let aside = folders.root.appendingPathComponent(".gone.removing/targets", isDirectory: true)
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folders.lockFile("orphan").path, contents: nil)

        #expect(folders.prune().isEmpty)
        #expect(try remaining(folders) == ["kept", "kept.lock"])
    }

    @Test func cleanRemovesAllButWhatAGradeHoldsAndSaysSo() throws {
        defer { try? FileManager.default.removeItem(at: cacheRoot) }
        let folders = BuildFolders(cacheRoot: cacheRoot, limit: 64)
        try make(["00-warm-up-aaaa", "01-singleton-bbbb", "02-global-state-cccc"], in: folders)
        let held = try #require(GradeLock.take(folders.lockFile("01-singleton-bbbb")))
        defer { held.release() }

        let clearing = folders.removeAll()
        #expect(clearing.removed == ["00-warm-up-aaaa", "02-global-state-cccc"])
        #expect(clearing.bytes == 2000)
        #expect(clearing.busy == ["01-singleton-bbbb"])
        #expect(try remaining(folders) == ["01-singleton-bbbb", "01-singleton-bbbb.lock"])
        #expect(
            clearing.summary(root: folders.root) == """
                Removed 2 build folders (0.0 MB) from \(folders.root.path).
                Kept 1 in use by a grade running now: 01-singleton-bbbb. Run `dikata clean` again once it ends.
                Your katas and progress are untouched; the next grade of each kata builds it from scratch.

                """)
        #expect(
            BuildFolders.Clearing().summary(root: folders.root)
                == "No build folders to remove in \(folders.root.path).\n")
        #expect(BuildFolders.megabytes(3_450_000) == "3.5 MB")
    }

    @Test func aMalformedLimitIsAConfigurationError() async throws {
        let error = await #expect(throws: GradingError.self) {
            try await GradingEnvironment.discover(
                environment: ["PATH": "/toolchain/usr/bin", "DIKATA_KEEP_BUILDS": "lots"], cacheRoot: cacheRoot,
                runner: ScriptedProcessRunner.failing, isExecutable: { _ in true }, parallelism: 1,
                runningAsRoot: false, newID: { "id" }, graderBuild: "")
        }
        #expect(error?.description.contains("DIKATA_KEEP_BUILDS is \"lots\"") == true)
    }
}
