import Foundation
import TestSupport
import Testing

@testable import Grading

/// Stamps say when a step's output may be reused; the cache keeps values by stamp.
struct BuildStampTests {
    func stamp(_ inputs: String...) -> BuildStamp {
        var stamp = BuildStamp("step-v1")
        for input in inputs { stamp.add(input) }
        return stamp
    }

    @Test func theSameInputsMakeTheSameKeyAndBoundariesCount() {
        #expect(stamp("a", "b").key == stamp("a", "b").key)
        #expect(stamp("ab", "c").key != stamp("a", "bc").key)
        #expect(BuildStamp("step-v1").key != BuildStamp("step-v2").key)
    }

    @Test func outputIsCurrentOnlyWhenRecordedUnderTheSameStampAndPresent() throws {
        let folder = try Fixtures.temporaryDirectory("stamp")
        let file = folder.appendingPathComponent("target/stamp")
        let output = folder.appendingPathComponent("target/Login.o")
        #expect(!stamp("a").isCurrent(in: file, outputs: []))
        stamp("a").record(in: file)
        #expect(stamp("a").isCurrent(in: file, outputs: []))
        #expect(!stamp("b").isCurrent(in: file, outputs: []))
        #expect(!stamp("a").isCurrent(in: file, outputs: [output]))
        try Data().write(to: output)
        #expect(stamp("a").isCurrent(in: file, outputs: [output]))
        BuildStamp.forget(file)
        #expect(!stamp("a").isCurrent(in: file, outputs: [output]))
    }

    @Test func aFileStampReadsItsNameAndContents() throws {
        let folder = try Fixtures.temporaryDirectory("stamp")
        let file = folder.appendingPathComponent("probe.swift")
        try Data("let a = 1".utf8).write(to: file)
        var first = BuildStamp("probe")
        first.add(file: file)
        try Data("let a = 2".utf8).write(to: file)
        var second = BuildStamp("probe")
        second.add(file: file)
        #expect(first.key != second.key)
    }

    @Test func aRecordReplacesTheFileWholeAndLeavesNothingBeside() throws {
        let folder = try Fixtures.temporaryDirectory("record")
        let file = folder.appendingPathComponent("plan.json")
        #expect(RecordFile.replace(file, with: Data("{\"jobs\":[]}".utf8)))
        #expect(FileManager.default.contents(atPath: file.path) == Data("{\"jobs\":[]}".utf8))
        #expect(RecordFile.replace(file, with: Data()))
        #expect(FileManager.default.contents(atPath: file.path) == Data())
        let big = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        #expect(RecordFile.replace(file, with: big))
        #expect(FileManager.default.contents(atPath: file.path) == big)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plan.json"])
        // A folder that is not there: nothing is written, and the caller hears so.
        let nowhere = folder.appendingPathComponent("missing/plan.json")
        #expect(!RecordFile.replace(nowhere, with: Data("x".utf8)))
        #expect(!FileManager.default.fileExists(atPath: nowhere.path))
    }

    @Test func theCacheReturnsWhatWasStoredUnderAKey() throws {
        let folder = try Fixtures.temporaryDirectory("cache").appendingPathComponent("made-on-store")
        let json = BuildCache<[String: Int]>.json(folder)
        #expect(json["k"] == nil)
        json.store(["Login": 3], as: "k")
        #expect(json["k"] == ["Login": 3])
        #expect(json.file("k").lastPathComponent == "k.json")
        let text = BuildCache<String>.text(folder, suffix: ".code.swift")
        text.store("let a = 1", as: "k")
        #expect(text["k"] == "let a = 1")
        #expect(try String(contentsOf: text.file("k"), encoding: .utf8) == "let a = 1")
    }

    @Test func anUnreadableEntryIsAMiss() throws {
        let folder = try Fixtures.temporaryDirectory("cache")
        try Data("not json".utf8).write(to: folder.appendingPathComponent("k.json"))
        #expect(BuildCache<[String: Int]>.json(folder)["k"] == nil)
    }
}
