import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

extension Slow {
    /// `dikata dev chain` and `dikata next --from-mine` as a kata author and a learner run them,
    /// on the tiny chained fixture library.
    @Suite(.serialized) struct ChainCommandTests {
        @Test func devChainPassesTheGreenLinkAndReportsTheBrokenOne() async throws {
            let run = try await CommandLineTests().dikata(["dev", "chain", "--library", ChainFixtures.root.path])
            #expect(run.status == 1, "\(run.stderr)")
            let (green, broken) = try #require(
                run.stdout.components(separatedBy: "02-whisperer → 03-drifted").splitOnce, "\(run.stdout)")
            #expect(
                green.contains(
                    "01-greeter → 02-whisperer: delta 1 file, +3 −0 lines, 0 lines outside the delta"))
            #expect(green.contains("✓ starter(02-whisperer) builds"))
            #expect(green.contains("  green"))
            #expect(broken.contains(": delta 1 file, +2 −1 lines, 2 lines outside the delta"))
            #expect(broken.contains("→ differs: Sources/Greeter/Greeter.swift"))
            #expect(broken.contains("+        volume == .quiet ? \"hi!\" : \"HI\""))
            #expect(broken.contains("→ whispers is declared broken but passes — remove it from breaks"))
            #expect(run.stdout.hasSuffix("1 of 2 links broken.\n"))

            let one = try await CommandLineTests().dikata(["dev", "chain", "2", "--library", ChainFixtures.root.path])
            #expect(one.status == 0)
            #expect(one.stdout.hasSuffix("1 link green.\n"))
        }

        @Test func aMalformedLibraryIsExitCodeTwo() async throws {
            let copy = try ChainFixtures.copy()
            try FileManager.default.removeItem(at: copy.appendingPathComponent("KataSupport"))
            let run = try await CommandLineTests().dikata(["dev", "chain", "--library", copy.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("holds no .swift file"))
        }

        @Test func realGitMergesBothSidesOfAFile() async throws {
            let git = try #require(
                ToolchainLocator(isExecutable: { FileManager.default.isExecutableFile(atPath: $0) }).find(
                    "git", path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "git is not installed")
            let merger = KataMerger(
                runner: PosixProcessRunner(now: { Date() }), git: git, scratch: try Fixtures.temporaryDirectory("git"))
            let base = Data("a\nb\nc\nd\ne\n".utf8)
            let clean = await merger.textMerge(
                path: "A.swift", base: base, ours: Data("A\nb\nc\nd\ne\n".utf8), theirs: Data("a\nb\nc\nd\nE\n".utf8))
            #expect(clean == Data("A\nb\nc\nd\nE\n".utf8))
            let conflict = await merger.textMerge(
                path: "B.swift", base: base, ours: Data("mine\nb\nc\nd\ne\n".utf8),
                theirs: Data("theirs\nb\nc\nd\ne\n".utf8))
            #expect(conflict == nil)
        }
    }
}

extension Array where Element == String {
    /// The two halves of a split into exactly two parts.
    fileprivate var splitOnce: (String, String)? { count == 2 ? (self[0], self[1]) : nil }
}
