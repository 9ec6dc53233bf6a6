import Foundation
import TestSupport
import Testing
import Workshop

@testable import WorkshopHost

/// Secrets on disk (the control token file, the host's TLS key, curl's config) are created 0600
/// with O_EXCL by the one `PrivateFile`: never a looser file tightened later, never written
/// through a link someone planted.
@Suite struct PrivateFileTests {
    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aNewFileIsReadableByItsOwnerAloneFromTheMomentItExists() throws {
        let folder = try Fixtures.temporaryDirectory("private-file")
        let path = folder.appendingPathComponent("secret").path
        try PrivateFile.create(atPath: path, contents: "s3cret\n")
        #expect(try mode(path) == 0o600)
        #expect(text(path) == "s3cret\n")
    }

    @Test func nothingAlreadyThereIsOverwrittenOrFollowed() throws {
        let folder = try Fixtures.temporaryDirectory("private-file")
        let existing = folder.appendingPathComponent("existing").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        #expect(throws: PrivateFileError.self) { try PrivateFile.create(atPath: existing, contents: "new") }
        #expect(text(existing) == "old")

        let target = folder.appendingPathComponent("target").path
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: PrivateFileError.self) { try PrivateFile.create(atPath: link, contents: "new") }
        #expect(!FileManager.default.fileExists(atPath: target), "a dangling link is not followed")
    }

    @Test func aReplacedFileIsANewPrivateFileAndALinkPlantedBesideItIsNotFollowed() throws {
        let folder = try Fixtures.temporaryDirectory("private-file")
        let path = folder.appendingPathComponent("token").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: elsewhere)

        try PrivateFile.replace(atPath: path, contents: "new\n")
        #expect(try mode(path) == 0o600)
        #expect(text(path) == "new\n")
        #expect(!FileManager.default.fileExists(atPath: elsewhere), "the planted link was not written through")
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    @Test func theHostsTokenFileIsPrivateRightAfterItIsWritten() throws {
        let folder = try Fixtures.temporaryDirectory("private-file")
        let path = folder.appendingPathComponent("w.sqlite.token").path
        let file = SecretsFile(path: path)
        try file.write(HostSecrets(joinCode: "ABC234", facilitatorToken: "first", projectorToken: "p"))
        #expect(try mode(path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try file.write(HostSecrets(joinCode: "ABC234", facilitatorToken: "second", projectorToken: "p"))
        #expect(try mode(path) == 0o600, "a rotated token is a new private file")
        #expect(SecretsFile.token(at: path) == "second")
    }
}
