import Foundation
import Grading
import TestSupport
import Testing

/// The one folder walker: sorted relative paths, folders skipped by name, hidden entries left
/// out on request, and links listed but never followed.
struct FolderWalkTests {
    func tree() throws -> URL {
        let root = try Fixtures.temporaryDirectory("walk")
        for path in ["b.swift", "a/z.swift", "a/c.txt", ".build/x.swift", "a/.build/y.swift", ".git/HEAD", ".hidden"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("a"))
        return root
    }

    @Test func listsEveryFileSortedAndRelative() throws {
        let files = FolderWalk(try tree()).files()
        #expect(
            files == [
                ".build/x.swift", ".git/HEAD", ".hidden", "a/.build/y.swift", "a/c.txt", "a/z.swift", "b.swift", "link",
            ])
    }

    @Test func skipsNamedFoldersAtAnyDepth() throws {
        let files = FolderWalk(try tree(), skipping: [".build", ".git"]).files()
        #expect(files == [".hidden", "a/c.txt", "a/z.swift", "b.swift", "link"])
    }

    @Test func leavesHiddenEntriesOut() throws {
        let files = FolderWalk(try tree(), skipsHidden: true).files()
        #expect(files == ["a/c.txt", "a/z.swift", "b.swift", "link"])
    }

    @Test func listsOneLevelOrItsFolders() throws {
        let root = try tree()
        #expect(FolderWalk(root, skipsHidden: true).files(recursive: false) == ["b.swift", "link"])
        #expect(FolderWalk(root, skipsHidden: true).folders() == ["a"])
        #expect(FolderWalk(root).files(endingIn: ".swift") == [root.appendingPathComponent("b.swift")])
    }

    @Test func aMissingFolderHasNoFiles() throws {
        let missing = try Fixtures.temporaryDirectory("walk").appendingPathComponent("nothing")
        #expect(FolderWalk(missing).files().isEmpty)
        #expect(FolderWalk(missing).folders().isEmpty)
    }
}
