import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// Issue 15: what a grade does before and after the compiler, when nothing of it changed. One
/// kata's grade reads only that kata's manifest, and the safety check's refusals for an object
/// are decided once per object, policy and grader build.
@Suite("Grade start-up: one kata's manifest, refusals decided once")
struct GradeStartupTests {
    @Test func loadingOneKataReadsOnlyIt() throws {
        let all = try KataLibrary.load(from: Fixtures.katas)
        let one = try KataLibrary.load(from: Fixtures.katas, only: { _ in ["05-dependency-inversion"] })
        let kata = try #require(one.kata("05-dependency-inversion"))
        #expect(one.katas.map(\.id) == ["05-dependency-inversion"])
        #expect(one.catalog.orderedKataIDs == all.catalog.orderedKataIDs)
        #expect(kata.manifest == all.kata("05-dependency-inversion")?.manifest)
        #expect(kata.delta == all.kata("05-dependency-inversion")?.delta)
    }

    @Test func aDeltaFromAKataTheCatalogDoesNotListIsStillAnError() throws {
        let library = try Fixtures.temporaryDirectory("partial-library-delta")
        try? FileManager.default.removeItem(at: library)
        try FileManager.default.copyItem(at: Fixtures.katas, to: library)
        let delta = library.appendingPathComponent("05-dependency-inversion/delta/delta.yaml")
        let text = try String(contentsOf: delta, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "04-extensions", with: "04-nowhere")
        try #require(renamed != text, "05's delta no longer starts from 04-extensions: update this test")
        try renamed.write(to: delta, atomically: true, encoding: .utf8)
        #expect(throws: ManifestError.self) {
            try KataLibrary.load(from: library, only: { _ in ["05-dependency-inversion"] })
        }
    }

    @Test func anotherKatasBrokenManifestDoesNotStopGradingThisOne() throws {
        let library = try Fixtures.temporaryDirectory("partial-library")
        try? FileManager.default.removeItem(at: library)
        try FileManager.default.copyItem(at: Fixtures.katas, to: library)
        try Data("format: 1\nid: [broken\n".utf8).write(
            to: library.appendingPathComponent("09-lifestyles/kata.yaml"))
        #expect(throws: ManifestError.self) { try KataLibrary.load(from: library) }
        let one = try KataLibrary.load(from: library, only: { _ in ["05-dependency-inversion"] })
        #expect(one.kata("05-dependency-inversion") != nil)
        #expect(one.kata("09-lifestyles") == nil)
    }

    @Test func withoutAChoiceEveryKataIsRead() throws {
        let all = try KataLibrary.load(from: Fixtures.katas, only: { _ in nil })
        #expect(all.katas.map(\.id) == all.catalog.orderedKataIDs)
    }

    @Test func refusalsAreKeptPerObjectPolicyInputAndGraderBuild() {
        let login = LearnerBuild.Built(name: "Login", isExecutable: false, isReadOnly: false, files: [])
        func key(
            object: String = "object-a", target: LearnerBuild.Built = login,
            modules: Set<String> = ["APIClient", "Login"], allowed: [String] = [], build: String = "dikata 1"
        ) -> String {
            CodeSafety.decisionKey(
                object: object, target: target, packageModules: modules, allowed: allowed, graderBuild: build)
        }
        let base = key()
        #expect(key() == base)
        #expect(key(modules: ["Login", "APIClient"]) == base)
        var executable = login
        executable.isExecutable = true
        var renamed = login
        renamed.name = "Items"
        for changed in [
            key(object: "object-b"), key(target: executable), key(target: renamed),
            key(modules: ["APIClient", "Login", "Foundation"]), key(allowed: ["Foundation.ProcessInfo"]),
            key(build: "dikata 2"),
        ] {
            #expect(changed != base)
        }
    }

    @Test func aRebuiltDikataIsAnotherGraderBuild() throws {
        let folder = try Fixtures.temporaryDirectory("grader-build")
        let binary = folder.appendingPathComponent("dikata")
        try Data("one".utf8).write(to: binary)
        let link = folder.appendingPathComponent("exe")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
        let before = GradingEnvironment.build(ofExecutable: link.path)
        #expect(GradingEnvironment.build(ofExecutable: link.path) == before)
        #expect(before.hasPrefix(binary.path + " "))
        try Data("a longer build".utf8).write(to: binary)
        #expect(GradingEnvironment.build(ofExecutable: link.path) != before)
    }
}
