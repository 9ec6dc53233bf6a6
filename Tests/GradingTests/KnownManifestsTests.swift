import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// Issue 15 (cold grades): a kata ships what SwiftPM reads from its own manifests, so a first
/// grade of an unchanged Package.swift starts compiling without SwiftPM. The readings must be
/// there for every shipped manifest, be used only where a reading depends on the text alone,
/// and be caught when they go out of date (against real SwiftPM: `KataIntegrityTests`).
@Suite("Known manifests: the readings a kata ships for its own Package.swift")
struct KnownManifestsTests {
    static let header = "// swift-tools-version:6.0\nimport PackageDescription\n\n"
    static let plain = header + "let package = Package(name: \"Shelf\", targets: [.target(name: \"Login\")])\n"
    static let dump = Data(ManifestHarness.dump.utf8)

    /// Every kata's file has a reading of each of its plain starter, solution and delta
    /// manifests, and of nothing else; each reading is a package with the manifest's targets.
    @Test func everyShippedManifestHasItsReadingAndNothingElse() throws {
        let library = try Fixtures.library()
        for kata in library.ordered {
            let known = KnownManifests.load(for: kata)
            let plain = KnownManifests.shipped(by: kata).filter { PlainManifest.isPlain($0.value) }
            #expect(!plain.isEmpty, "\(kata.id) ships no plain manifest")
            #expect(
                Set(known.readings.keys) == Set(plain.values.map(KnownManifests.key(of:))),
                "\(kata.id)'s \(KnownManifests.fileName) is out of date: run `dikata dev manifests \(kata.id)`")
            for (path, text) in plain {
                let reading = try #require(known.readings[KnownManifests.key(of: text)], "\(kata.id)/\(path)")
                let package = try LearnerPackage.fromDumpPackageJSON(reading)
                #expect(!package.targets.isEmpty, "\(kata.id)/\(path)")
                for target in package.targets {
                    #expect(
                        text.contains("name: \"\(target.name)\""), "\(kata.id)/\(path) has no target \(target.name)")
                }
            }
        }
    }

    /// A known manifest is read without SwiftPM and is not shared through the caches; with a
    /// versioned manifest beside it, or another text, SwiftPM reads it. A corrected file takes
    /// effect at once, whatever a build folder kept.
    @Test func aKnownManifestIsReadWithoutSwiftPM() async throws {
        var harness = ManifestHarness(known: KnownManifests(readings: [KnownManifests.key(of: Self.plain): Self.dump]))
        defer { harness.remove() }

        #expect(await harness.read(["Package.swift": Self.plain], in: "k-aaaa") == ["Login"])
        #expect(harness.reads == 0, "SwiftPM read a manifest the kata ships a reading of")
        #expect(harness.sharedReadings == 0, "a known reading was kept for other packages")

        _ = await harness.read(["Package.swift": Self.plain, "Package@swift-6.swift": Self.plain], in: "k-bbbb")
        #expect(harness.reads == 1, "a known reading stood for a package with a versioned manifest")
        _ = await harness.read(["Package.swift": Self.plain + "// changed\n"], in: "k-cccc")
        #expect(harness.reads == 2, "a known reading stood for another text")

        let corrected = #"{"name": "Shelf", "targets": [{"name": "Items", "type": "regular", "dependencies": []}]}"#
        harness.known = KnownManifests(readings: [KnownManifests.key(of: Self.plain): Data(corrected.utf8)])
        #expect(await harness.read(["Package.swift": Self.plain], in: "k-aaaa") == ["Items"])
        #expect(harness.reads == 2)
    }

    @Test func aFileThatCannotBeReadKnowsNothing() throws {
        let folder = try Fixtures.temporaryDirectory("known-manifests")
        let file = folder.appendingPathComponent(KnownManifests.fileName)
        #expect(KnownManifests.load(file) == KnownManifests())
        try Data("{ not json".utf8).write(to: file)
        #expect(KnownManifests.load(file) == KnownManifests())
        try Data(#"{"a": "not an object", "b": {"name": "Shelf"}}"#.utf8).write(to: file)
        #expect(Set(KnownManifests.load(file).readings.keys) == ["b"])
    }

    /// The file is one sorted line per reading and reads back as written; `packageKind`, the
    /// package's folder on the machine that read it, is left out.
    @Test func theFileRoundTripsWithoutThePackagesFolder() throws {
        let swiftPM = Data(
            #"{"packageKind": {"root": ["/tmp/x"]}, "name": "Shelf", "targets": [{"name": "Login", "type": "regular"}]}"#
                .utf8)
        let reading = try #require(KnownManifests.normalized(swiftPM))
        #expect(!String(decoding: reading, as: UTF8.self).contains("/tmp/x"))
        #expect(KnownManifests.normalized(Data("[1]".utf8)) == nil)
        let known = KnownManifests(readings: ["bb": reading, "aa": reading])
        let text = String(decoding: known.encoded(), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 4)
        #expect(text.range(of: "\"aa\"")!.lowerBound < text.range(of: "\"bb\"")!.lowerBound)

        let folder = try Fixtures.temporaryDirectory("known-manifests-round-trip")
        let file = folder.appendingPathComponent(KnownManifests.fileName)
        try known.encoded().write(to: file)
        #expect(KnownManifests.load(file) == known)
    }

    /// A grade looks up the one reading it needs: the same bytes the whole file gives, and
    /// nothing for another text or a file that cannot be read.
    @Test func aGradeReadsTheOneReadingItNeeds() throws {
        let folder = try Fixtures.temporaryDirectory("known-manifests-one")
        let file = folder.appendingPathComponent(KnownManifests.fileName)
        let other = Self.plain + "// another text\n"
        try KnownManifests(readings: [KnownManifests.key(of: Self.plain): Self.dump]).encoded().write(to: file)
        #expect(KnownManifests.reading(of: Self.plain, in: file) == KnownManifests.load(file).reading(of: Self.plain))
        #expect(KnownManifests.reading(of: Self.plain, in: file) != nil)
        #expect(KnownManifests.reading(of: other, in: file) == nil)
        try Data("{ not json".utf8).write(to: file)
        #expect(KnownManifests.reading(of: Self.plain, in: file) == nil)
    }

    /// Out of date in each way, against what SwiftPM reads now; compared as grading reads it.
    @Test func anOutOfDateFileIsReported() throws {
        let kata = try Fixtures.kata("01-singleton")
        let login = Self.dump
        let other = Data(#"{"name": "Shelf", "targets": [{"name": "Items", "type": "regular"}]}"#.utf8)
        let reordered = Data(
            #"{"targets": [{"dependencies": [], "type": "regular", "name": "Login"}], "name": "Shelf"}"#.utf8)
        let fresh = KnownManifests(readings: ["a": login])

        #expect(KnownManifests.problems(stored: nil, fresh: fresh, kata: kata) == [])
        #expect(KnownManifests.problems(stored: fresh, fresh: fresh, kata: kata) == [])
        #expect(KnownManifests.problems(stored: .init(readings: ["a": reordered]), fresh: fresh, kata: kata) == [])

        let missing = KnownManifests.problems(stored: .init(), fresh: fresh, kata: kata)
        #expect(missing.count == 1 && missing[0].contains("has no reading"))
        #expect(missing[0].contains("dikata dev manifests 01-singleton"))
        let differs = KnownManifests.problems(stored: .init(readings: ["a": other]), fresh: fresh, kata: kata)
        #expect(differs.count == 1 && differs[0].contains("differently from SwiftPM"))
        let extra = KnownManifests.problems(
            stored: .init(readings: ["a": login, "b": login]), fresh: fresh, kata: kata)
        #expect(extra.count == 1 && extra[0].contains("no longer has"))
    }
}
