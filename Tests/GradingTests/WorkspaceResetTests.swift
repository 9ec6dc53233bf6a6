import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// `dikata reset` and the tutorial's reset: the learner's folder is backed up first, and a
/// backup is only claimed when there was something to back up.
struct WorkspaceResetTests {
    @Test func aResetBacksUpTheLearnersFilesAndRestoresTheStarter() throws {
        let root = try Fixtures.temporaryDirectory("reset")
        defer { try? FileManager.default.removeItem(at: root) }
        let kata = try Fixtures.loginKata()
        let workspace = Workspace(root: root)
        let folder = workspace.packageDirectory(for: kata.id)
        try workspace.copyStarter(of: kata, to: folder)
        try "// mine\n".write(to: folder.appendingPathComponent("Notes.swift"), atomically: true, encoding: .utf8)

        let backup = try #require(try workspace.resetKeepingBackup(kata, at: Date(timeIntervalSince1970: 0)))

        #expect(backup.lastPathComponent == "\(kata.id)-19700101-000000")
        #expect(FileManager.default.fileExists(atPath: backup.appendingPathComponent("Notes.swift").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Notes.swift").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
    }

    @Test func aDeletedKataFolderIsRestoredWithoutClaimingABackup() throws {
        let root = try Fixtures.temporaryDirectory("reset")
        defer { try? FileManager.default.removeItem(at: root) }
        let kata = try Fixtures.loginKata()
        let workspace = Workspace(root: root)

        #expect(try workspace.resetKeepingBackup(kata, at: Date(timeIntervalSince1970: 0)) == nil)
        #expect(
            FileManager.default.fileExists(
                atPath: workspace.packageDirectory(for: kata.id).appendingPathComponent("Package.swift").path))
    }
}
