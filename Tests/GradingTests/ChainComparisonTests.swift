import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// `dikata dev chain`'s pure core: the file-set comparison, the diff counts, the hidden-check
/// rule and the report.
struct ChainComparisonTests {
    static let package: [String: Data] = [
        "Package.swift": Data("// swift-tools-version:6.0\n".utf8),
        "Sources/Login/Login.swift": Data("struct Login {}\n".utf8),
    ]

    @Test func identicalPackagesDoNotDiffer() {
        let difference = FileSetDifference.between(expected: Self.package, actual: Self.package)
        #expect(difference.isEmpty)
        #expect(difference.paths == [])
    }

    @Test func anExtraFileInTheStarterIsReported() {
        var actual = Self.package
        actual["Sources/Login/Extra.swift"] = Data()
        let difference = FileSetDifference.between(expected: Self.package, actual: actual)
        #expect(difference == FileSetDifference(extra: ["Sources/Login/Extra.swift"]))
    }

    @Test func oneChangedByteIsReported() {
        var actual = Self.package
        actual["Sources/Login/Login.swift"] = Data("struct Login {}\n ".utf8)
        let difference = FileSetDifference.between(expected: Self.package, actual: actual)
        #expect(difference == FileSetDifference(changed: ["Sources/Login/Login.swift"]))
    }

    @Test func aFileMissingFromTheStarterIsReported() {
        var actual = Self.package
        actual["Sources/Login/Login.swift"] = nil
        let difference = FileSetDifference.between(expected: Self.package, actual: actual)
        #expect(difference == FileSetDifference(missing: ["Sources/Login/Login.swift"]))
        #expect(!difference.isEmpty)
    }

    @Test func diffStatsCountHunkLinesNotHeaders() {
        let diff = [
            "diff -ruN Sources/A.swift Sources/A.swift", "--- Sources/A.swift", "+++ Sources/A.swift",
            "@@ -1,2 +1,3 @@",
            " kept", "-gone", "+new", "+--- a line that looks like a header", "diff -ruN B.swift B.swift",
            "--- B.swift", "+++ B.swift", "@@ -0,0 +1 @@", "+added",
        ]
        #expect(DiffStats(unifiedDiff: diff) == DiffStats(added: 3, removed: 1))
        #expect(DiffStats(unifiedDiff: diff).total == 4)
    }

    @Test func theGreenFixtureLinkGivesExactlyTheNextStarter() throws {
        let kata = try ChainFixtures.kata("02-whisperer")
        let expected = try ChainVerifier.expectedStarter(of: kata, after: try ChainFixtures.kata("01-greeter"))
        let difference = FileSetDifference.between(
            expected: expected.contents(), actual: KataFiles.starter(of: kata).contents())
        #expect(difference.isEmpty)
        #expect(expected.paths.contains("Sources/KataSupport/Volume.swift"), "shared folders on both sides")
    }

    @Test func theBrokenFixtureLinkNamesTheDriftedFile() throws {
        let kata = try ChainFixtures.kata("03-drifted")
        let expected = try ChainVerifier.expectedStarter(of: kata, after: try ChainFixtures.kata("02-whisperer"))
        let difference = FileSetDifference.between(
            expected: expected.contents(), actual: KataFiles.starter(of: kata).contents())
        #expect(difference == FileSetDifference(changed: ["Sources/Greeter/Greeter.swift"]))
    }

    @Test func onlyTheChainedKatasAreLinks() throws {
        let library = try ChainFixtures.library()
        #expect(ChainVerifier.chained(library).map(\.id) == ["02-whisperer", "03-drifted"])
        #expect(ChainVerifier.chained(library, named: [try #require(library.kata("01-greeter"))]).isEmpty)
    }

    @Test func hiddenChecksMustPassExceptThoseTheDeltaBreaks() {
        let verdict = ChainFixtures.verdict(
            kata: "02", checks: ["greets", "whispers", "scoped"], passing: ["greets", "whispers"])
        let (unexpected, passingBreaks) = ChainLink.hiddenRegressions(verdict, breaks: ["whispers", "scoped"])
        #expect(unexpected == [])
        #expect(passingBreaks == ["whispers"])
        let strict = ChainLink.hiddenRegressions(verdict, breaks: [])
        #expect(strict.unexpected == [ChainLink.Failure(id: "scoped", status: .failed, message: "scoped failed")])
    }

    @Test func aPackageProblemIsABuildError() {
        let verdict = ChainFixtures.verdict(
            kata: "02", checks: ["a"], passing: [], problems: ["Package.swift, target X"])
        #expect(ChainLink.buildError(in: verdict) == "Package.swift, target X")
        #expect(ChainLink.buildError(in: ChainFixtures.verdict(kata: "02", checks: ["a"], passing: [])) == nil)
    }

    @Test func theReportReadsLikeDevCheck() {
        let green = ChainLink(
            from: "02-global-state", to: "03-property-injection", deltaFiles: 3,
            change: DiffStats(added: 41, removed: 2))
        let broken = ChainLink(
            from: "03-property-injection", to: "04-extensions", deltaFiles: 1, change: DiffStats(added: 5, removed: 0),
            difference: FileSetDifference(missing: ["Sources/A.swift"], changed: ["Sources/B.swift"]),
            outside: DiffStats(added: 1, removed: 1), excerpt: ["--- Sources/B.swift", "-a", "+b"],
            passingBreaks: ["scoped-override"])
        let text = ChainReport(links: [green, broken]).rendered(colour: false)
        #expect(
            text == """
                02-global-state → 03-property-injection: delta 3 files, +41 −2 lines, 0 lines outside the delta
                  ✓ solution(02-global-state) + delta = starter(03-property-injection)
                  ✓ starter(03-property-injection) builds
                  ✓ hidden(02-global-state) passes on starter(03-property-injection) except what it breaks
                  green

                03-property-injection → 04-extensions: delta 1 file, +5 −0 lines, 2 lines outside the delta
                  ✗ solution(03-property-injection) + delta = starter(04-extensions)
                    → missing from the starter: Sources/A.swift
                    → differs: Sources/B.swift
                      --- Sources/B.swift
                      -a
                      +b
                  ✓ starter(04-extensions) builds
                  ✗ hidden(03-property-injection) passes on starter(04-extensions) except what it breaks
                    → scoped-override is declared broken but passes — remove it from breaks
                  BROKEN

                1 of 2 links broken.

                """)
        #expect(ChainReport(links: [green]).isGreen && !ChainReport(links: [green, broken]).isGreen)
        #expect(ChainReport.summary([]) == "No kata has a delta: nothing to check.\n")
    }
}
