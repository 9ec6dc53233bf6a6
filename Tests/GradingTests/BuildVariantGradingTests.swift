import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The `build-variant` fixture kata, graded for real: its starter composes the debug logger
    /// in every build and fails; its solution and a second-composition alternative pass; the
    /// known-bad variant fails the variant check while the default build's check still passes.
    struct BuildVariantGradingTests {
        static let library = Fixtures.root.appendingPathComponent("VariantLibrary", isDirectory: true)

        @Test func theFixtureKataIsSound() async throws {
            let kata = try #require(try KataLibrary.load(from: Self.library).kata("01-release-log"))
            let verifier = KataVerifier(
                grader: try await Fixtures.grader(), scratch: try Fixtures.temporaryDirectory("build-variant"))
            let report = try await verifier.verify(kata)
            #expect(report.problems == [])
            let starter = report.starter.check("release-composition")
            #expect(starter?.status == .failed)
            #expect(starter?.message?.hasPrefix("Built with RELEASE defined: ") == true, "\(starter?.message ?? "")")
            #expect(report.starter.check("debug-composition")?.status == .passed)
            #expect(report.solution.outcome == .passed)
            let bad = try #require(report.variants.first { $0.manifest.name == "debug-logger-in-release" })
            #expect(bad.verdict.check("release-composition")?.status == .failed)
            #expect(bad.verdict.check("debug-composition")?.status == .passed)
            let silent = try #require(report.variants.first { $0.manifest.name == "silent-in-every-build" })
            #expect(silent.verdict.check("release-composition")?.status == .passed)
            let alternative = try #require(report.variants.first { $0.manifest.name == "passes-release-composer" })
            #expect(alternative.verdict.outcome == .passed)
        }
    }
}
