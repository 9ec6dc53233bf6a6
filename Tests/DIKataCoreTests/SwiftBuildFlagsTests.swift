import DIKataCore
import Foundation
import Testing

/// The compiler flags the grader derives from a learner's manifest must be the ones
/// `swift build` (debug) uses, and what a kata cannot allow must be refused by name.
struct SwiftBuildFlagsTests {
    /// A dump-package document for one target `A` with `settings`, in SwiftPM's JSON.
    func package(settings: String, toolsVersion: String = "6.0.0", modes: String = "null", traits: String = "[]") throws
        -> LearnerPackage
    {
        let json = """
            {"name": "Shelf", "toolsVersion": {"_version": "\(toolsVersion)"}, "swiftLanguageModes": \(modes),
             "traits": \(traits),
             "targets": [{"name": "A", "type": "regular", "dependencies": [], "settings": \(settings)}]}
            """
        return try LearnerPackage.fromDumpPackageJSON(Data(json.utf8))
    }

    func flags(_ package: LearnerPackage) throws -> SwiftBuildFlags {
        try SwiftBuildFlags.of(try #require(package.target(named: "A")), in: package, platform: "linux").get()
    }

    @Test func everyTargetGetsThePackageNameAndSwiftBuildsDefines() throws {
        let found = try flags(try package(settings: "[]"))
        #expect(found.all == ["-swift-version", "6", "-package-name", "kata", "-D", "SWIFT_PACKAGE", "-D", "DEBUG"])
    }

    @Test func settingsBecomeTheFlagsSwiftPMPasses() throws {
        let settings = """
            [{"tool": "swift", "kind": {"define": {"_0": "FEATURE_FLAGS"}}},
             {"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}},
             {"tool": "swift", "kind": {"enableExperimentalFeature": {"_0": "StrictConcurrency"}}},
             {"tool": "swift", "kind": {"strictMemorySafety": {}}},
             {"tool": "swift", "kind": {"defaultIsolation": {"_0": "MainActor"}}},
             {"tool": "swift", "kind": {"treatWarning": {"_0": "DeprecatedDeclaration", "_1": "error"}}},
             {"tool": "c", "kind": {"define": {"_0": "C_ONLY"}}}]
            """
        #expect(
            try flags(try package(settings: settings)).arguments == [
                "-D", "FEATURE_FLAGS", "-enable-upcoming-feature", "ExistentialAny", "-enable-experimental-feature",
                "StrictConcurrency", "-strict-memory-safety", "-default-isolation", "MainActor", "-Werror",
                "DeprecatedDeclaration",
            ])
    }

    @Test func conditionsAreThoseOfADebugBuildOnThisPlatformWithDefaultTraits() throws {
        let settings = """
            [{"tool": "swift", "kind": {"define": {"_0": "IN_DEBUG"}}, "condition": {"config": "debug", "platformNames": []}},
             {"tool": "swift", "kind": {"define": {"_0": "IN_RELEASE"}}, "condition": {"config": "release", "platformNames": []}},
             {"tool": "swift", "kind": {"define": {"_0": "ON_LINUX"}}, "condition": {"platformNames": ["linux"]}},
             {"tool": "swift", "kind": {"define": {"_0": "ON_IOS"}}, "condition": {"platformNames": ["ios"]}},
             {"tool": "swift", "kind": {"define": {"_0": "WITH_T"}}, "condition": {"platformNames": [], "traits": ["T"]}},
             {"tool": "swift", "kind": {"define": {"_0": "WITH_U"}}, "condition": {"platformNames": [], "traits": ["U"]}}]
            """
        let traits = """
            [{"name": "default", "enabledTraits": ["S"]}, {"name": "S", "enabledTraits": ["T"]},
             {"name": "T", "enabledTraits": []}, {"name": "U", "enabledTraits": []}]
            """
        let found = try flags(try package(settings: settings, traits: traits))
        #expect(found.arguments == ["-D", "IN_DEBUG", "-D", "ON_LINUX", "-D", "WITH_T"])
    }

    @Test func theLanguageModeIsChosenAsSwiftPMChoosesIt() throws {
        #expect(try flags(try package(settings: "[]", modes: #"["5", "6"]"#)).languageMode == "6")
        let perTarget = #"[{"tool": "swift", "kind": {"swiftLanguageMode": {"_0": "6"}}}]"#
        #expect(try flags(try package(settings: perTarget, toolsVersion: "5.10.0")).languageMode == "6")
        #expect(try package(settings: "[]", toolsVersion: "5.10.0").defaultLanguageMode == "5")
    }

    @Test(arguments: [
        (#"[]"#, "5.9.0", #"null"#, "Swift 5 language mode"),
        (#"[]"#, "6.0.0", #"["5"]"#, "Swift 5 language mode"),
        (
            #"[{"tool": "swift", "kind": {"swiftLanguageMode": {"_0": "5"}}}]"#, "6.0.0", #"null"#,
            ".swiftLanguageMode(.v5)"
        ),
        (
            #"[{"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-Xfrontend", "-disable-access-control"]}}}]"#,
            "6.0.0", #"null"#, "unsafeFlags"
        ),
        (
            #"[{"tool": "swift", "kind": {"interoperabilityMode": {"_0": "Cxx"}}}]"#, "6.0.0", #"null"#,
            "interoperabilityMode"
        ),
        (#"[{"tool": "swift", "kind": {"somethingNew": {"_0": "x"}}}]"#, "6.0.0", #"null"#, "somethingNew"),
    ])
    func whatAKataCannotAllowIsRefusedByName(settings: String, toolsVersion: String, modes: String, named: String)
        throws
    {
        let package = try package(settings: settings, toolsVersion: toolsVersion, modes: modes)
        let result = SwiftBuildFlags.of(try #require(package.target(named: "A")), in: package, platform: "linux")
        guard case .failure(let problem) = result else {
            Issue.record("\(settings) with tools \(toolsVersion) was accepted")
            return
        }
        #expect(problem.description.contains("target A"))
        #expect(problem.description.contains(named), "\(problem.description)")
    }
}

/// `variant.yaml`: a known-bad version lists what it fails; an alternative solution passes all.
struct VariantManifestTests {
    let checks = ["a", "b"]

    @Test func anAlternativeSolutionPassesEveryCheckAndMayRemoveFiles() throws {
        let yaml = "description: Closures instead of a protocol.\npasses: all\nremove: [Sources/Login/Gateway.swift]\n"
        let manifest = try ManifestDecoder().variant(
            fromYAML: yaml, name: "passes-closures", file: "v.yaml", checks: checks)
        #expect(manifest.passesEveryCheck)
        #expect(manifest.remove == ["Sources/Login/Gateway.swift"])
    }

    @Test func aKnownBadVariantListsWhatItFails() throws {
        let manifest = try ManifestDecoder().variant(
            fromYAML: "description: Wrong.\nfails: [a]\n", name: "wrong", file: "v.yaml", checks: checks)
        #expect(!manifest.passesEveryCheck && manifest.fails == ["a"])
    }

    @Test(arguments: [
        "description: Neither.\n",
        "description: Both.\npasses: all\nfails: [a]\n",
        "description: Some.\npasses: some\n",
        "description: Unknown check.\nfails: [zzz]\n",
        "description: Escapes.\npasses: all\nremove: [../Package.swift]\n",
    ])
    func aVariantThatSaysNothingClearIsAManifestError(_ yaml: String) {
        #expect(throws: ManifestError.self) {
            try ManifestDecoder().variant(fromYAML: yaml, name: "v", file: "v.yaml", checks: checks)
        }
    }
}
