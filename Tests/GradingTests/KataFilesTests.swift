import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// Starters with a shared read-only folder, and reference solutions that remove files: every
/// place that makes a kata package gets the same files.
struct KataFilesTests {
    @Test func theStarterTakesASharedTargetFromTheLibrary() throws {
        let kata = try ChainFixtures.kata("01-greeter")
        let starter = KataFiles.starter(of: kata)
        #expect(
            starter.paths == ["Package.swift", "Sources/Greeter/Greeter.swift", "Sources/KataSupport/Volume.swift"])
        #expect(
            starter.files["Sources/KataSupport/Volume.swift"]?.standardizedFileURL
                == ChainFixtures.root.appendingPathComponent("KataSupport/Volume.swift").standardizedFileURL)
    }

    @Test func aKataWithoutSharedTargetsKeepsItsStarterAsItIs() throws {
        let kata = try Fixtures.loginKata()
        #expect(KataFiles.starter(of: kata).paths == FolderWalk(kata.starter).files())
    }

    @Test func theSolutionRemovesWhatItsManifestSaysThenOverlays() throws {
        let kata = try ChainFixtures.kata("02-whisperer")
        #expect(KataFiles.starter(of: kata).paths.contains("Sources/Greeter/Legacy.swift"))
        let solution = try KataFiles.solution(of: kata)
        #expect(!solution.paths.contains("Sources/Greeter/Legacy.swift"))
        #expect(solution.paths.contains("Sources/Greeter/Whisper.swift"))
        #expect(solution.paths.contains("Sources/KataSupport/Volume.swift"))
    }

    @Test func assemblingTheSolutionRemovesFilesAndLaysTheSharedFolder() throws {
        let kata = try ChainFixtures.kata("02-whisperer")
        let package = try Fixtures.temporaryDirectory("assemble").appendingPathComponent("package")
        try KataPackage.assemble(kata, overlays: [kata.solution], into: package)
        #expect(
            FolderWalk(package).files() == [
                "Package.swift", "Sources/Greeter/Greeter.swift", "Sources/Greeter/Whisper.swift",
                "Sources/KataSupport/Volume.swift",
            ])
        let starter = try Fixtures.temporaryDirectory("assemble").appendingPathComponent("starter")
        try KataPackage.assemble(kata, overlays: [], into: starter)
        #expect(FolderWalk(starter).files().contains("Sources/Greeter/Legacy.swift"))
    }

    @Test func applyingTheSolutionInPlaceRemovesFilesToo() throws {
        let kata = try ChainFixtures.kata("02-whisperer")
        let package = try Fixtures.temporaryDirectory("apply").appendingPathComponent("package")
        try KataFiles.starter(of: kata).write(to: package)
        try KataPackage.applySolution(of: kata, onto: package)
        #expect(FolderWalk(package).files() == (try KataFiles.solution(of: kata)).paths)
    }

    @Test func initAndResetGiveTheLearnerTheSharedFiles() throws {
        let library = try ChainFixtures.library()
        let workspace = Workspace(root: try Fixtures.temporaryDirectory("ws"))
        _ = try workspace.initialise(from: library)
        let volume = workspace.packageDirectory(for: "01-greeter").appendingPathComponent(
            "Sources/KataSupport/Volume.swift")
        let original = try Data(contentsOf: ChainFixtures.root.appendingPathComponent("KataSupport/Volume.swift"))
        #expect(try Data(contentsOf: volume) == original)
        try Data("// mine".utf8).write(to: volume)
        let backup = try workspace.reset(try #require(library.kata("01-greeter")), at: Date(timeIntervalSince1970: 0))
        #expect(try Data(contentsOf: volume) == original)
        #expect(
            try Data(contentsOf: backup.appendingPathComponent("Sources/KataSupport/Volume.swift"))
                == Data("// mine".utf8))
    }

    @Test func theGraderReadsASharedReadOnlyTargetFromTheLibrary() throws {
        let kata = try ChainFixtures.kata("01-greeter")
        let package = try Fixtures.temporaryDirectory("snapshot").appendingPathComponent("package")
        try KataFiles.starter(of: kata).write(to: package)
        try Data("public enum Volume { case cheat }\n".utf8).write(
            to: package.appendingPathComponent("Sources/KataSupport/Volume.swift"))
        let snapshot = try PackageSnapshot.capture(
            package, into: package.deletingLastPathComponent().appendingPathComponent("snapshot"),
            readOnlyTargets: ["KataSupport"], starter: KataFiles.starter(of: kata))
        let shared = try String(
            contentsOf: ChainFixtures.root.appendingPathComponent("KataSupport/Volume.swift"), encoding: .utf8)
        #expect(snapshot.files["Sources/KataSupport/Volume.swift"] == shared)
        #expect(snapshot.notes.contains { $0.contains("KataSupport were not graded") })
    }

    // MARK: - The library's rules

    func loadError(after change: (URL) throws -> Void) throws -> ManifestError? {
        let copy = try ChainFixtures.copy()
        try change(copy)
        do {
            _ = try KataLibrary.load(from: copy)
        } catch {
            return error as? ManifestError
        }
        return nil
    }

    func edit(_ file: URL, _ original: String, _ replacement: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(original))
        try text.replacingOccurrences(of: original, with: replacement).write(
            to: file, atomically: true, encoding: .utf8)
    }

    @Test func aMissingSharedFolderStopsTheLibrary() throws {
        let error = try #require(
            try loadError { try FileManager.default.removeItem(at: $0.appendingPathComponent("KataSupport")) })
        #expect(error.field == "targets[0].shared")
        #expect(error.problem.contains("holds no .swift file"))
    }

    @Test func aStarterWithItsOwnCopyOfASharedTargetStopsTheLibrary() throws {
        let error = try #require(
            try loadError { library in
                try FileManager.default.copyItem(
                    at: library.appendingPathComponent("KataSupport"),
                    to: library.appendingPathComponent("01-greeter/starter/Sources/KataSupport"))
            })
        #expect(error.problem.contains("starter/Sources/KataSupport"))
    }

    @Test func aSolutionRemoveThatNamesNoStarterFileStopsTheLibrary() throws {
        let error = try #require(
            try loadError { library in
                try edit(library.appendingPathComponent("02-whisperer/kata.yaml"), "Legacy.swift", "Legacy2.swift")
            })
        #expect(error.field == "solution_removes")
        #expect(error.problem.contains("Sources/Greeter/Legacy2.swift is not a file of the starter"))
    }

    @Test func aDeltaFromAnUnknownKataStopsTheLibrary() throws {
        let error = try #require(
            try loadError { library in
                try edit(library.appendingPathComponent("02-whisperer/delta/delta.yaml"), "01-greeter", "01-greter")
            })
        #expect(error.field == "from")
        #expect(error.problem.contains("\"01-greter\" is not a kata of the catalog"))
    }

    @Test func aDeltaBreakingAnUnknownCheckStopsTheLibrary() throws {
        let error = try #require(
            try loadError { library in
                try edit(library.appendingPathComponent("03-drifted/delta/delta.yaml"), "[whispers]", "[shouts]")
            })
        #expect(error.field == "breaks[0]")
        #expect(error.problem.contains("not the id of a check of 02-whisperer"))
    }

    @Test func aDeltaFolderWithoutItsYAMLStopsTheLibrary() throws {
        let error = try #require(
            try loadError { library in
                try FileManager.default.removeItem(at: library.appendingPathComponent("02-whisperer/delta/delta.yaml"))
            })
        #expect(error.problem.contains("needs its delta.yaml"))
    }

    @Test func theChainFixtureLoadsWithItsDeltas() throws {
        let library = try ChainFixtures.library()
        #expect(library.katas.map { $0.delta?.from } == [nil, "01-greeter", "02-whisperer"])
        #expect(library.kata("03-drifted")?.delta?.breaks == ["whispers"])
    }
}
