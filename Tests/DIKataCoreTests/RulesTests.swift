import DIKataCore
import Foundation
import Testing

/// Manifest, import and lint rules evaluated against a learner package. Pure and table-driven.
struct RulesTests {
    static let package = LearnerPackage(
        name: "Shelf",
        targets: [
            .init(name: "KataSupport", type: .regular, path: "Sources/KataSupport", dependencies: []),
            .init(name: "APIClient", type: .regular, path: "Sources/APIClient", dependencies: ["KataSupport"]),
            .init(name: "Login", type: .regular, path: "Sources/Login", dependencies: ["Shared"]),
            .init(name: "Shared", type: .regular, path: "Sources/Shared", dependencies: ["APIClient"]),
            .init(name: "App", type: .executable, path: "Sources/App", dependencies: ["Login", "APIClient"]),
            .init(name: "LoginTests", type: .test, path: "Tests/LoginTests", dependencies: ["Login"]),
        ])

    @Test func forbiddenDependencyReachedThroughAnotherTargetIsNamed() {
        let outcome = DependencyRules().evaluate(
            TargetRule(name: "Login", forbiddenDependencies: ["APIClient"]), in: Self.package)
        #expect(outcome == .failed("Login reaches APIClient through Login → Shared → APIClient in Package.swift.", nil))
    }

    @Test func requiredDependencies() {
        #expect(
            DependencyRules().evaluate(TargetRule(name: "App", requiredDependencies: ["Login"]), in: Self.package)
                == .passed)
        #expect(
            DependencyRules().evaluate(TargetRule(name: "App", requiredDependencies: ["Shared"]), in: Self.package)
                == .failed("App does not declare a dependency on Shared.", nil))
        #expect(
            DependencyRules().evaluate(TargetRule(name: "Items"), in: Self.package)
                == .failed("Package.swift does not declare the target Items.", nil))
    }

    @Test func buildOrderPutsDependenciesFirstAndSkipsTests() throws {
        let order = try Self.package.buildOrder().map(\.name)
        #expect(order == ["KataSupport", "APIClient", "Shared", "Login", "App"])
    }

    @Test func dependencyCycleIsAProblem() {
        let cyclic = LearnerPackage(
            name: "C",
            targets: [
                .init(name: "A", type: .regular, path: "Sources/A", dependencies: ["B"]),
                .init(name: "B", type: .regular, path: "Sources/B", dependencies: ["A"]),
            ])
        #expect(throws: PackageProblem.dependencyCycle("A → B → A")) { try cyclic.buildOrder() }
    }

    @Test func importsMustBeDeclared() {
        let files = [
            FileImports(file: "Sources/Login/A.swift", target: "Login", modules: ["Foundation", "Shared"]),
            FileImports(
                file: "Sources/Login/B.swift", target: "Login", modules: ["APIClient"], lines: ["APIClient": 3]),
        ]
        let outcome = ImportRules().evaluate(
            files, targets: ["Login"], package: Self.package, systemModules: KataManifest.defaultSystemModules)
        let location = SourceLocation(file: "Sources/Login/B.swift", line: 3)
        #expect(
            outcome
                == .failed(
                    "Sources/Login/B.swift:3: `import APIClient`, but Login does not declare APIClient as a dependency in Package.swift.",
                    location))
        #expect(
            ImportRules().evaluate(
                [files[0]], targets: ["Login"], package: Self.package, systemModules: KataManifest.defaultSystemModules)
                == .passed)
    }

    @Test func lintMatchesCodeAndShowsTheLineAsWritten() {
        // `code` is what the grading shell's parser leaves: comments and string contents blanked.
        let source = SourceFile(
            path: "Sources/Items/ItemListViewModel.swift",
            text: """
                // ServerAPIClient.shared used to live here
                let label = "see .shared in the docs"
                func reload() { ServerAPIClient.shared.load() }
                """,
            code: """
                                                           
                let label = "                       "
                func reload() { ServerAPIClient.shared.load() }
                """)
        let outcome = LintRules().evaluate(
            pattern: #"\.shared\b"#, paths: ["Sources/Items"], mustMatch: false, files: [source])
        #expect(
            outcome
                == .failed(
                    "`func reload() { ServerAPIClient.shared.load() }`", SourceLocation(file: source.path, line: 3)))
    }

    @Test func lintWithNothingToInspectDoesNotPass() {
        #expect(LintRules().evaluate(pattern: "x", paths: ["Sources/Nowhere"], mustMatch: false, files: []) != .passed)
        #expect(
            LintRules().evaluate(
                pattern: "final class", paths: [], mustMatch: true,
                files: [SourceFile(path: "Sources/A/a.swift", text: "final class A {}", code: "final class A {}")])
                == .passed)
    }

    @Test func readsDumpPackageJSON() throws {
        let json = """
            {"name": "Shelf", "dependencies": [], "targets": [
              {"name": "APIClient", "type": "regular", "dependencies": [], "exclude": []},
              {"name": "Login", "type": "regular", "path": "Features/Login", "exclude": ["Old"],
               "dependencies": [{"byName": ["APIClient", null]}, {"target": ["Core", null]}, {"product": ["Algorithms", "swift-algorithms", null, null]}]},
              {"name": "App", "type": "executable", "dependencies": []}
            ]}
            """
        let package = try LearnerPackage.fromDumpPackageJSON(Data(json.utf8))
        #expect(package.targets.map(\.name) == ["APIClient", "Login", "App"])
        #expect(package.target(named: "Login")?.path == "Features/Login")
        #expect(package.target(named: "Login")?.exclude == ["Old"])
        #expect(package.target(named: "Login")?.dependencies == ["APIClient", "Core", "Algorithms"])
        #expect(package.target(named: "App")?.type == .executable)
        #expect(throws: PackageProblem.self) { try LearnerPackage.fromDumpPackageJSON(Data("not json".utf8)) }
    }
}
