import Foundation
import TestSupport
import Testing

@testable import Grading

/// Issue 15: a grade updates the last grade's snapshot in place instead of copying the package
/// again. The snapshot must still equal the package exactly: nothing stale left behind, nothing
/// followed through a link.
@Suite("The package snapshot, updated in place")
struct SnapshotUpdateTests {
    let folder: URL
    let package: URL
    let snapshot: URL

    init() throws {
        folder = try Fixtures.temporaryDirectory("snapshot-update")
        try? FileManager.default.removeItem(at: folder)
        package = folder.appendingPathComponent("package", isDirectory: true)
        snapshot = folder.appendingPathComponent("snapshot", isDirectory: true)
        try write("// swift-tools-version:6.0\nimport PackageDescription\n", to: "Package.swift")
        try write("struct Login {}\n", to: "Sources/Login/Login.swift")
        try write("struct Session {}\n", to: "Sources/Login/Session.swift")
        try write("struct Items {}\n", to: "Sources/Items/Items.swift")
    }

    func write(_ text: String, to path: String) throws {
        let url = package.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func capture() throws -> PackageSnapshot {
        try PackageSnapshot.capture(package, into: snapshot, readOnlyTargets: [], starter: KataFiles())
    }

    /// Every file of the snapshot folder, by relative path.
    func snapshotFolder() -> [String: String] {
        var files: [String: String] = [:]
        for path in FolderWalk(snapshot).files() {
            files[path] = FileManager.default.contents(atPath: snapshot.appendingPathComponent(path).path)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return files
    }

    func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: snapshot.appendingPathComponent(path).path)[
            .systemFileNumber] as? Int
    }

    @Test func onlyChangedFilesAreWrittenAndRemovedOnesGoWithTheirFolders() throws {
        _ = try capture()
        let unchanged = try inode("Sources/Login/Session.swift")
        try write("struct Login { var user = \"\" }\n", to: "Sources/Login/Login.swift")
        try FileManager.default.removeItem(at: package.appendingPathComponent("Sources/Items"))
        try write("struct Friends {}\n", to: "Sources/Friends/Friends.swift")

        let second = try capture()
        #expect(snapshotFolder() == second.files)
        #expect(
            Set(second.files.keys) == [
                "Package.swift", "Sources/Login/Login.swift", "Sources/Login/Session.swift",
                "Sources/Friends/Friends.swift",
            ])
        #expect(second.files["Sources/Login/Login.swift"] == "struct Login { var user = \"\" }\n")
        #expect(try inode("Sources/Login/Session.swift") == unchanged, "an unchanged file is not written again")
        #expect(!FileManager.default.fileExists(atPath: snapshot.appendingPathComponent("Sources/Items").path))
    }

    @Test func aFileThatBecomesAProblemLeavesTheSnapshot() throws {
        _ = try capture()
        try Data([0xFF, 0xFE, 0x00]).write(to: package.appendingPathComponent("Sources/Login/Session.swift"))
        let second = try capture()
        #expect(second.problems.contains { $0.contains("Sources/Login/Session.swift") })
        #expect(snapshotFolder()["Sources/Login/Session.swift"] == nil)
    }

    @Test func aLinkInTheOldSnapshotIsNeverFollowedAndAFreshCopyIsMade() throws {
        _ = try capture()
        let outside = folder.appendingPathComponent("outside.swift")
        try Data("// not the learner's\n".utf8).write(to: outside)
        let planted = snapshot.appendingPathComponent("Sources/Login/Session.swift")
        try FileManager.default.removeItem(at: planted)
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: outside)
        try write("struct Session { var token = \"\" }\n", to: "Sources/Login/Session.swift")

        let second = try capture()
        #expect(try String(contentsOf: outside, encoding: .utf8) == "// not the learner's\n")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: planted.path)[.type] as? FileAttributeType)
                == .typeRegular)
        #expect(snapshotFolder() == second.files)
    }
}
