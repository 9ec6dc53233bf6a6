import Foundation
import TestSupport
import Testing

@testable import Grading

/// `stat` without the owner lookups FileManager makes: the kind of a path, its size and date.
struct FileStatusTests {
    let folder = Fixtures.runFolder.appendingPathComponent("dikata-file-status-\(UUID().uuidString)")

    @Test func tellsFilesFoldersAndLinksApartAndFollowsALinkOnlyWhenAsked() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("A.swift")
        try "let a = 1\n".write(to: file, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("B.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)

        let status = try #require(FileStatus.of(file.path))
        #expect(status.kind == .regular && status.size == 10)
        #expect(FileStatus.of(folder.path)?.kind == .folder)
        #expect(FileStatus.of(link.path)?.kind == .symbolicLink)
        #expect(FileStatus.following(link.path) == status, "through the link: the file itself")
        #expect(FileStatus.of(folder.appendingPathComponent("missing").path) == nil)

        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        let dated = try #require(FileStatus.of(file.path))
        #expect(dated.modified.seconds == 1_700_000_000 && abs(dated.modified.nanoseconds - 250_000_000) < 1_000)
        #expect(dated != status, "a new date is a different status")
    }
}
