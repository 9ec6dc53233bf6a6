import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// `dikata next --from-mine`: the per-file three-way plan (base solution(N), ours the
/// learner's, theirs starter(N+1)), the merger around it and the move to the next kata.
struct MergePlanTests {
    static func data(_ text: String) -> Data { Data(text.utf8) }

    @Test func equalSidesAndUntouchedSidesNeedNoMerge() {
        let plan = MergePlan.plan(
            base: ["same.swift": Self.data("a"), "mine.swift": Self.data("a"), "theirs.swift": Self.data("a")],
            ours: ["same.swift": Self.data("b"), "mine.swift": Self.data("mine"), "theirs.swift": Self.data("a")],
            theirs: ["same.swift": Self.data("b"), "mine.swift": Self.data("a"), "theirs.swift": Self.data("next")])
        #expect(
            plan.steps == [
                "same.swift": .take(Self.data("b")), "mine.swift": .take(Self.data("mine")),
                "theirs.swift": .take(Self.data("next")),
            ])
        #expect(plan.pendingMerges == [])
    }

    @Test func filesTheDeltaRemovesGoAndFilesTheLearnerAddedStay() {
        let plan = MergePlan.plan(
            base: ["Old.swift": Self.data("old")], ours: ["Old.swift": Self.data("old"), "Mine.swift": Self.data("m")],
            theirs: ["New.swift": Self.data("n")])
        #expect(plan.steps == ["Mine.swift": .take(Self.data("m")), "New.swift": .take(Self.data("n"))])
    }

    @Test func aFileTheLearnerDeletedStaysDeletedUnlessTheNextKataChangesIt() {
        let untouched = MergePlan.plan(
            base: ["A.swift": Self.data("a")], ours: [:], theirs: ["A.swift": Self.data("a")])
        #expect(untouched.steps == [:])
        let changed = MergePlan.plan(
            base: ["A.swift": Self.data("a")], ours: [:], theirs: ["A.swift": Self.data("a2")])
        #expect(changed.steps == ["A.swift": .conflict("you deleted it and the next kata changes it")])
        let removed = MergePlan.plan(
            base: ["A.swift": Self.data("a")], ours: ["A.swift": Self.data("mine")], theirs: [:])
        #expect(removed.steps == ["A.swift": .conflict("the next kata removes it and you changed it")])
    }

    @Test func bothSidesChangedMeansATextMerge() {
        let plan = MergePlan.plan(
            base: ["A.swift": Self.data("a")], ours: ["A.swift": Self.data("mine"), "B.swift": Self.data("b1")],
            theirs: ["A.swift": Self.data("next"), "B.swift": Self.data("b2")])
        #expect(plan.pendingMerges == ["A.swift", "B.swift"])
        #expect(plan.steps["B.swift"] == .merge(base: Data(), ours: Self.data("b1"), theirs: Self.data("b2")))
        let done = plan.finished(merges: ["A.swift": Self.data("merged"), "B.swift": Data?.none])
        #expect(done.files == ["A.swift": Self.data("merged")])
        #expect(done.conflicts == ["B.swift"])
    }

    @Test func readOnlyTargetsAlwaysComeFromTheNextKata() {
        let plan = MergePlan.plan(
            base: ["Sources/KataSupport/S.swift": Self.data("s")],
            ours: [
                "Sources/KataSupport/S.swift": Self.data("hacked"), "Sources/KataSupport/Extra.swift": Self.data("x"),
            ],
            theirs: ["Sources/KataSupport/S.swift": Self.data("s2")], readOnly: ["Sources/KataSupport/"])
        #expect(plan.steps == ["Sources/KataSupport/S.swift": .take(Self.data("s2"))])
    }

    // MARK: - The merger and the move

    /// A workspace with the chain fixture's 01-greeter passed: its folder holds the reference
    /// solution plus `extra` (path → text).
    func workspace(learner extra: [String: String]) throws -> (Workspace, KataLibrary) {
        let library = try ChainFixtures.library()
        let workspace = Workspace(root: try Fixtures.temporaryDirectory("next"))
        let first = try #require(library.kata("01-greeter"))
        try KataPackage.assemble(first, overlays: [first.solution], into: workspace.packageDirectory(for: first.id))
        for (path, text) in extra {
            try Data(text.utf8).write(to: workspace.packageDirectory(for: first.id).appendingPathComponent(path))
        }
        return (workspace, library)
    }

    func move(
        _ workspace: Workspace, _ library: KataLibrary, runner: ScriptedProcessRunner = .failing,
        git: String? = "/usr/bin/git"
    ) async throws -> NextKata.Report {
        let merger = KataMerger(runner: runner, git: git, scratch: try Fixtures.temporaryDirectory("merge"))
        let next = NextKata(workspace: workspace, merger: merger, now: { Date(timeIntervalSince1970: 0) })
        return try await next.move(
            to: try #require(library.kata("02-whisperer")), from: library.kata("01-greeter"), fromMine: true)
    }

    @Test func theLearnersOwnFilesAreCarriedIntoTheNextKata() async throws {
        let (workspace, library) = try workspace(learner: ["Sources/Greeter/Mine.swift": "// my helper\n"])
        let report = try await move(workspace, library)
        #expect(report.merge?.fallback == nil)
        #expect(report.merge?.carried == ["Sources/Greeter/Mine.swift"])
        let folder = workspace.packageDirectory(for: "02-whisperer")
        #expect(
            FolderWalk(folder).files() == [
                "Package.swift", "Sources/Greeter/Greeter.swift", "Sources/Greeter/Legacy.swift",
                "Sources/Greeter/Mine.swift", "Sources/KataSupport/Volume.swift",
            ])
        #expect(report.backup == nil, "the untouched starter needs no backup")
    }

    @Test func aFileBothSidesChangedIsMergedByGit() async throws {
        let (workspace, library) = try workspace(learner: ["Sources/Greeter/Legacy.swift": "// mine\n"])
        let runner = ScriptedProcessRunner([
            .init(
                "merge Sources/Greeter/Legacy.swift",
                where: { $0.arguments.prefix(2) == ["merge-file", "-p"] }, .exits(0, stdout: "// merged\n"))
        ])
        let report = try await move(workspace, library, runner: runner)
        #expect(report.merge?.conflicts == [])
        let merged = workspace.packageDirectory(for: "02-whisperer").appendingPathComponent(
            "Sources/Greeter/Legacy.swift")
        #expect(try String(contentsOf: merged, encoding: .utf8) == "// merged\n")
    }

    @Test func aConflictFallsBackToTheReferenceStarterAndBacksUpEdits() async throws {
        let (workspace, library) = try workspace(learner: ["Sources/Greeter/Legacy.swift": "// mine\n"])
        let folder = workspace.packageDirectory(for: "02-whisperer")
        try KataFiles.starter(of: try #require(library.kata("02-whisperer"))).write(to: folder)
        try Data("// edits in the next kata\n".utf8).write(
            to: folder.appendingPathComponent("Sources/Greeter/Wip.swift"))
        let runner = ScriptedProcessRunner([.init("merge Sources/Greeter/Legacy.swift", .exits(1, stdout: "<<<<<<<"))])
        let report = try await move(workspace, library, runner: runner)
        #expect(report.merge?.conflicts == ["Sources/Greeter/Legacy.swift"])
        #expect(report.merge?.fallback == "some files conflict")
        #expect(
            KataMerger.learnerFiles(folder)
                == KataFiles.starter(of: try #require(library.kata("02-whisperer"))).contents())
        let backup = try #require(report.backup)
        #expect(FileManager.default.fileExists(atPath: backup.appendingPathComponent("Sources/Greeter/Wip.swift").path))
    }

    @Test func withoutGitAChangedFileFallsBackToTheStarter() async throws {
        let (workspace, library) = try workspace(learner: ["Sources/Greeter/Legacy.swift": "// mine\n"])
        let report = try await move(workspace, library, git: nil)
        #expect(report.merge?.fallback == "git is not installed, so changed files cannot be merged")
        #expect(report.merge?.conflicts == ["Sources/Greeter/Legacy.swift"])
    }

    @Test func aMissingLearnerFolderGivesTheReferenceStarterNotAnEmptyPackage() async throws {
        let (workspace, library) = try workspace(learner: [:])
        try FileManager.default.removeItem(at: workspace.packageDirectory(for: "01-greeter"))
        let report = try await move(workspace, library)
        #expect(report.merge?.fallback?.hasSuffix("holds no Package.swift to carry over") == true)
        #expect(
            KataMerger.learnerFiles(report.folder)
                == KataFiles.starter(of: try #require(library.kata("02-whisperer"))).contents())
    }

    @Test func plainNextMakesAMissingFolderAndLeavesAnExistingOne() async throws {
        let (workspace, library) = try workspace(learner: [:])
        let next = NextKata(
            workspace: workspace,
            merger: KataMerger(runner: ScriptedProcessRunner.failing, git: nil, scratch: workspace.root),
            now: { Date(timeIntervalSince1970: 0) })
        let kata = try #require(library.kata("02-whisperer"))
        let first = try await next.move(to: kata, from: nil, fromMine: false)
        #expect(first.created && first.merge == nil)
        #expect(FolderWalk(first.folder).files().contains("Sources/KataSupport/Volume.swift"))
        let again = try await next.move(to: kata, from: nil, fromMine: false)
        #expect(!again.created)
    }

    @Test func theNextKataFollowsTheCurrentPassedOne() throws {
        let catalog = try ChainFixtures.library().catalog
        func progress(current: String?, passed: [String]) -> LearnerProgress {
            LearnerProgress(
                katas: Dictionary(uniqueKeysWithValues: passed.map { ($0, .init(attempts: 1, passed: true)) }),
                current: current)
        }
        #expect(
            NextKata.choose(progress: LearnerProgress(), catalog: catalog) == .init(from: nil, next: "01-greeter"))
        #expect(
            NextKata.choose(progress: progress(current: "01-greeter", passed: ["01-greeter"]), catalog: catalog)
                == .init(from: "01-greeter", next: "02-whisperer"))
        #expect(
            NextKata.choose(progress: progress(current: "02-whisperer", passed: ["01-greeter"]), catalog: catalog)
                == .init(from: "01-greeter", next: "02-whisperer"))
        #expect(
            NextKata.choose(progress: progress(current: "03-drifted", passed: ["03-drifted"]), catalog: catalog)
                == .init(from: "03-drifted", next: nil))
    }
}
