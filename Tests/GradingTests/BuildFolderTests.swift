import Foundation
import TestSupport
import Testing

@testable import Grading

/// A compile sees exactly the modules linked into its include folder: the links are kept when
/// they are already right (issue 15: remaking the folder cost 3–7 ms a grade), and anything
/// else in the folder is replaced.
@Suite("Module links in a build folder")
struct BuildFolderTests {
    static func links(in folder: URL) throws -> [String: String] {
        let manager = FileManager.default
        var found: [String: String] = [:]
        for name in try manager.contentsOfDirectory(atPath: folder.path) {
            found[name] = try manager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(name).path)
        }
        return found
    }

    static func inode(of folder: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: folder.path)[.systemFileNumber] as? Int
    }

    @Test func linksInPlaceAreKeptAndAnythingElseIsReplaced() throws {
        let root = Fixtures.runFolder.appendingPathComponent(
            "dikata-build-folder-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = BuildFolder(root: root.appendingPathComponent("build", isDirectory: true))
        let includes = folder.includes("App")
        let both = [
            "Login.swiftmodule": folder.module("Login").path, "Items.swiftmodule": folder.module("Items").path,
        ]

        folder.link(modules: ["Login", "Items"], into: includes)
        #expect(try Self.links(in: includes) == both)
        let first = try Self.inode(of: includes)

        folder.link(modules: ["Items", "Login"], into: includes)
        #expect(try Self.links(in: includes) == both)
        #expect(try Self.inode(of: includes) == first, "the same links: the folder is left as it was")

        folder.link(modules: ["Login"], into: includes)
        #expect(try Self.links(in: includes) == ["Login.swiftmodule": folder.module("Login").path])

        // A link to somewhere else, or a file that is no link, is never kept.
        let manager = FileManager.default
        try manager.removeItem(at: includes.appendingPathComponent("Login.swiftmodule"))
        try manager.createSymbolicLink(
            atPath: includes.appendingPathComponent("Login.swiftmodule").path, withDestinationPath: "/elsewhere")
        folder.link(modules: ["Login"], into: includes)
        #expect(try Self.links(in: includes) == ["Login.swiftmodule": folder.module("Login").path])

        try manager.removeItem(at: includes.appendingPathComponent("Login.swiftmodule"))
        try Data("not a link".utf8).write(to: includes.appendingPathComponent("Login.swiftmodule"))
        folder.link(modules: ["Login"], into: includes)
        #expect(try Self.links(in: includes) == ["Login.swiftmodule": folder.module("Login").path])
    }
}
