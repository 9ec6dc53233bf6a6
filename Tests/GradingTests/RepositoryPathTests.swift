import Foundation
import Grading
import TestSupport
import Testing

/// Annotation paths start at the git repository's root (`grade --path-prefix`'s default).
struct RepositoryPathTests {
    @Test func aSubmissionInsideARepositoryIsNamedFromItsRoot() throws {
        let repository = try Fixtures.temporaryDirectory("repo")
        let submission = repository.appendingPathComponent("class/ada", isDirectory: true)
        try FileManager.default.createDirectory(at: submission, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(RepositoryPath.prefix(of: submission) == "class/ada")
        #expect(RepositoryPath.prefix(of: repository) == "")
        // A worktree or submodule has a `.git` file, not a folder.
        try "gitdir: elsewhere\n".write(
            to: submission.appendingPathComponent(".git"), atomically: true, encoding: .utf8)
        #expect(RepositoryPath.prefix(of: submission) == "")
        #expect(
            RepositoryPath.joined("class/ada/", "01-singleton/Sources/A.swift")
                == "class/ada/01-singleton/Sources/A.swift")
        #expect(RepositoryPath.joined("", "Sources/A.swift") == "Sources/A.swift")
    }

    @Test func aFolderOutsideAnyRepositoryHasNoPrefix() throws {
        let folder = try Fixtures.temporaryDirectory("loose")
        // Fixtures live in the temporary folder, which is in no repository.
        #expect(RepositoryPath.prefix(of: folder) == nil)
    }
}
