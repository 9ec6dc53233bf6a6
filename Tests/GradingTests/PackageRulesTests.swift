import DIKataCore
import Testing

@testable import Grading

/// What the learner's package must be before anything compiles, and the flags its targets get.
struct PackageRulesTests {
    let rules = PackageRules(targets: [TargetRule(name: "Login"), TargetRule(name: "KataSupport", editable: false)])

    func target(_ name: String, _ type: LearnerPackage.TargetType = .regular, settings: [SwiftSetting] = [])
        -> LearnerPackage.Target
    {
        LearnerPackage.Target(
            name: name, type: type, path: "Sources/\(name)", dependencies: [], swiftSettings: settings)
    }

    @Test func aSoundPackageHasNoProblems() {
        let package = LearnerPackage(name: "Kata", targets: [target("Login"), target("KataSupport")])
        #expect(rules.check(package).problems.isEmpty)
        #expect(rules.check(package).notes.isEmpty)
        #expect(rules.readOnly == ["KataSupport"])
    }

    @Test func aMissingTargetAReservedNameAndPackageDependenciesStopGrading() {
        let package = LearnerPackage(
            name: "Kata",
            targets: [target("Login"), target("HiddenChecks"), target("HiddenChecks2"), target("HiddenChecksKit")],
            packageDependencies: ["swift-log"])
        #expect(
            rules.check(package).problems == [
                PackageProblem.missingTarget("KataSupport").description,
                "Your package declares a target named HiddenChecks, which is reserved for the kata's hidden checks (as is every `HiddenChecks` followed by digits). Rename it.",
                "Your package declares a target named HiddenChecks2, which is reserved for the kata's hidden checks (as is every `HiddenChecks` followed by digits). Rename it.",
                PackageProblem.packageDependencies(["swift-log"]).description,
            ])
    }

    @Test func aTestTargetIsNotedNotGraded() {
        let package = LearnerPackage(
            name: "Kata", targets: [target("Login"), target("KataSupport"), target("LoginTests", .test)])
        #expect(
            rules.check(package).notes == [
                "Your test target LoginTests is not part of grading (run it yourself with `swift test`)."
            ])
    }

    @Test func readOnlyTargetsAreCompiledAsTheKataDeclaresThem() throws {
        let define = [SwiftSetting(.define("STAGING"))]
        let package = LearnerPackage(
            name: "Kata",
            targets: [target("Login", settings: define), target("KataSupport", settings: define), target("T", .test)])
        let flags = try rules.compilerFlags(for: package).get()
        #expect(flags["KataSupport"] == SwiftBuildFlags.plain.all)
        #expect(flags["Login"]?.contains("STAGING") == true)
        #expect(flags["T"] == nil)
    }
}
