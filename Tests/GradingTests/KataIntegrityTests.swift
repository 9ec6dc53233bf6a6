import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Every kata dikata ships is sound: its starter compiles and fails its key checks, its solution
    /// passes every check, and every check is failed by the starter or a known-bad variant.
    struct KataIntegrityTests {
        static let kataIDs: [String] = (try? Fixtures.library().catalog.orderedKataIDs) ?? []

        @Test func theLibraryLoads() throws {
            let library = try Fixtures.library()
            #expect(!library.katas.isEmpty)
            #expect(library.katas.map(\.id) == library.catalog.orderedKataIDs)
        }

        /// Sound, and dikata agrees with plain `swift build` about whether each version compiles:
        /// the grader must accept whatever `swift build` accepts, and nothing it rejects.
        @Test(arguments: kataIDs)
        func kataIsSound(_ id: String) async throws {
            let kata = try #require(try Fixtures.library().kata(id))
            let scratch = try Fixtures.temporaryDirectory("verify-\(id)")
            let verifier = KataVerifier(grader: try await Fixtures.grader(), scratch: scratch)
            let report = try await verifier.verify(kata)
            #expect(report.problems == [], "\(id) is not sound")
            #expect(report.solution.outcome == .passed)

            let versions =
                [("starter", report.starter), ("solution", report.solution)]
                + report.variants.map { ("variant-\($0.manifest.name)", $0.verdict) }
            // One package folder and one SwiftPM build folder for all versions: only what differs
            // between two versions is rebuilt.
            let package = try Fixtures.temporaryDirectory("swift-build-\(id)")
            for (name, verdict) in versions {
                try Fixtures.mirror(scratch.appendingPathComponent("\(id)/\(name)"), into: package)
                let swiftBuild = await PosixProcessRunner(now: { Date() }).run(
                    ProcessRequest(
                        executable: "/usr/bin/env", arguments: ["swift", "build", "--package-path", package.path],
                        environment: ProcessInfo.processInfo.environment, timeout: 600, purpose: "swift build \(name)"))
                let swiftBuildCompiles = swiftBuild.termination == .exited(0)
                let dikataCompiles =
                    !verdict.checks.contains { $0.message?.hasPrefix("Your code does not compile") == true }
                    && !verdict.problems.contains { $0.contains("Package.swift, target") }
                #expect(
                    swiftBuildCompiles == dikataCompiles,
                    "\(id) \(name): swift build \(swiftBuildCompiles ? "compiles it" : "fails"), dikata says it \(dikataCompiles ? "compiles" : "does not"): \(swiftBuild.stderr.text.suffix(600))"
                )
            }
        }

        @Test func anAlternativeSolutionThatFailsACheckIsReported() async throws {
            let library = try Fixtures.temporaryDirectory("unsound-alternative")
            let kata = library.appendingPathComponent("00-warm-up")
            try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: kata)
            // Claims to be a correct alternative, but is the known-bad "Hello" greeting.
            let variant = kata.appendingPathComponent("variants/greets-wrongly")
            try Data("description: Greets in its own words.\npasses: all\n".utf8)
                .write(to: variant.appendingPathComponent("variant.yaml"))
            let verifier = KataVerifier(
                grader: try await Fixtures.grader(),
                scratch: try Fixtures.temporaryDirectory("unsound-alternative-scratch"))
            let report = try await verifier.verify(try KataLibrary.loadKata(kata, listedAs: "00-warm-up"))
            #expect(
                report.problems.contains {
                    $0.hasPrefix("The alternative solution greets-wrongly does not pass signs-in [failed]")
                })
        }

        @Test func aVariantThatPassesWhatItShouldFailIsReported() async throws {
            let library = try Fixtures.temporaryDirectory("unsound")
            let kata = library.appendingPathComponent("00-warm-up")
            try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: kata)
            // This variant is the correct solution, so it cannot fail the check it claims to.
            let variant = kata.appendingPathComponent("variants/greets-wrongly")
            try FileManager.default.removeItem(at: variant.appendingPathComponent("Sources"))
            // And nothing else fails `signs-in` by an assertion (the starter only fails to compile it).
            let verifier = KataVerifier(
                grader: try await Fixtures.grader(), scratch: try Fixtures.temporaryDirectory("unsound-scratch"))
            let report = try await verifier.verify(try KataLibrary.loadKata(kata, listedAs: "00-warm-up"))
            #expect(
                report.problems == [
                    "Variant greets-wrongly passes signs-in, which it should fail: Greets with \"Hello\" instead of \"Welcome\".",
                    "No known-bad version fails signs-in: add a variant that it catches, or it may be vacuous.",
                ])
        }

        /// The versions of a kata take turns in one graded folder, so two verifications of it in
        /// the same scratch folder (two `dev check`s) take turns too: each reports its own
        /// versions' verdicts, never another's laid in under it.
        @Test func twoVerificationsOfOneKataAtOnceEachGradeTheirOwnVersions() async throws {
            let kata = try Fixtures.loginKata()
            let scratch = try Fixtures.temporaryDirectory("verify-twice")
            let verifier = KataVerifier(grader: try await Fixtures.grader(), scratch: scratch)
            async let first = verifier.verify(kata)
            async let second = verifier.verify(kata)
            for report in try await [first, second] {
                #expect(report.problems == [])
                #expect(report.solution.outcome == .passed)
                #expect(report.starter.outcome != .passed)
                #expect(!report.variants.isEmpty)
                for variant in report.variants where !variant.manifest.passesEveryCheck {
                    #expect(variant.verdict.outcome != .passed, "\(variant.manifest.name)")
                }
            }
        }
    }
}
