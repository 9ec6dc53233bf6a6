import Foundation
import TestSupport
import Testing

@testable import Grading

/// Issue 15: the link reads the objects' autolink flags in-process instead of starting
/// `swift-autolink-extract` (about 20 ms of every link). Anything unexpected must give nil, so
/// that the toolchain's tool runs instead: a wrong guess would be a failed or a wrong link.
@Suite("Autolink entries read from ELF objects")
struct AutolinkEntriesTests {
    /// A 64-bit little-endian ELF object with a null section, the section names and the given
    /// sections, as a compiler lays them out: contents first, then the section headers.
    static func object(sections: [(name: String, contents: [UInt8])]) -> Data {
        var names: [UInt8] = [0]
        var nameOffsets: [Int] = []
        for section in sections + [(name: ".shstrtab", contents: [])] {
            nameOffsets.append(names.count)
            names += Array(section.name.utf8) + [0]
        }
        var bytes = [UInt8](repeating: 0, count: 64)
        var placed: [(offset: Int, size: Int)] = []
        for section in sections {
            placed.append((bytes.count, section.contents.count))
            bytes += section.contents
        }
        placed.append((bytes.count, names.count))
        bytes += names
        let headers = bytes.count
        func put(_ value: Int, at offset: Int, size: Int, in target: inout [UInt8]) {
            for index in 0..<size { target[offset + index] = UInt8((value >> (8 * index)) & 0xFF) }
        }
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        put(headers, at: 0x28, size: 8, in: &bytes)
        put(64, at: 0x3A, size: 2, in: &bytes)
        put(sections.count + 2, at: 0x3C, size: 2, in: &bytes)
        put(sections.count + 1, at: 0x3E, size: 2, in: &bytes)
        bytes += [UInt8](repeating: 0, count: 64)  // the null section
        for (index, place) in placed.enumerated() {
            var header = [UInt8](repeating: 0, count: 64)
            put(nameOffsets[index], at: 0, size: 4, in: &header)
            put(place.offset, at: 24, size: 8, in: &header)
            put(place.size, at: 32, size: 8, in: &header)
            bytes += header
        }
        return Data(bytes)
    }

    static func entries(_ flags: [String]) -> [UInt8] { flags.flatMap { Array($0.utf8) + [0] } }

    @Test func flagsComeOnceInTheOrderFirstSeen() throws {
        let login = Self.object(sections: [
            (".text", [0x90, 0x90]), (".swift1_autolink_entries", Self.entries(["-lswiftCore", "-lFoundation"])),
        ])
        let app = Self.object(sections: [
            (".swift1_autolink_entries", Self.entries(["-lswiftCore", "-lTesting", "-lFoundation"]))
        ])
        let none = Self.object(sections: [(".text", [0xC3])])
        #expect(
            AutolinkEntries.extract(from: [login, none, app]) == ["-lswiftCore", "-lFoundation", "-lTesting"])
        #expect(AutolinkEntries.entries(in: none) == [])
        #expect(
            AutolinkEntries.fileContents(["-lswiftCore", "-lm"]) == Data("-lswiftCore\n-lm\n".utf8))
    }

    @Test func anythingUnexpectedIsLeftToTheToolchainsTool() throws {
        let good = [UInt8](
            Self.object(sections: [(".swift1_autolink_entries", Self.entries(["-lswiftCore"]))]))
        var thirtyTwoBit = good
        thirtyTwoBit[4] = 1
        var bigEndian = good
        bigEndian[5] = 2
        var sectionPastTheEnd = good
        // The section names' offset (the last header's sh_offset) points past the end.
        let lastHeader = good.count - 64
        for index in 0..<8 { sectionPastTheEnd[lastHeader + 24 + index] = 0xFF }
        for broken in [
            [], Array(good.prefix(40)), Array(good.prefix(good.count - 10)), thirtyTwoBit, bigEndian,
            sectionPastTheEnd, Array("#!/bin/sh\n".utf8),
        ] {
            #expect(AutolinkEntries.entries(in: Data(broken)) == nil)
            #expect(AutolinkEntries.extract(from: [Data(good), Data(broken)]) == nil)
        }
        #expect(AutolinkEntries.entries(in: Data(good)) == ["-lswiftCore"])
    }

    @Test func theJobIsDoneInProcessOnlyInsideTheBuildFolder() throws {
        let folder = try Fixtures.temporaryDirectory("autolink-job")
        let build = folder.appendingPathComponent("build", isDirectory: true)
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let object = build.appendingPathComponent("Login.o")
        try Self.object(sections: [(".swift1_autolink_entries", Self.entries(["-lswiftCore"]))]).write(to: object)
        let compiler = SwiftCompiler(
            environment: .scripted, runner: ScriptedProcessRunner.failing, buildDirectory: build,
            hiddenPaths: [], timeout: 10)
        let tool = "/toolchain/usr/bin/swift-autolink-extract"
        let output = build.appendingPathComponent("runner.autolink")
        #expect(compiler.extractAutolinkEntries([tool, object.path, "-o", output.path]))
        #expect(FileManager.default.contents(atPath: output.path) == Data("-lswiftCore\n".utf8))

        let outside = folder.appendingPathComponent("elsewhere.autolink")
        #expect(!compiler.extractAutolinkEntries([tool, object.path, "-o", outside.path]))
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(!compiler.extractAutolinkEntries([tool, build.path + "/../build/Login.o", "-o", output.path]))
        #expect(!compiler.extractAutolinkEntries([tool, "-static", object.path, "-o", output.path]))
        #expect(!compiler.extractAutolinkEntries(["/toolchain/usr/bin/clang", object.path, "-o", output.path]))
    }
}
