import DIKataCore
import Testing

/// The manifest loader: valid files decode; every malformed file names the file, field and problem.
struct ManifestDecoderTests {
    static let valid = """
        format: 1
        id: 01-singleton
        title: One by law
        stage: 1
        summary: Tell a singleton from a shared default.
        hints: [one, two, three]
        targets:
          - name: APIClient
          - name: Login
            forbidden_dependencies: [APIClient]
        limits:
          per_test_seconds: 5
        checks:
          - id: staging-client
            title: A staging client can be made
            points: 2
            kind: contract
            advice: Expose an initializer.
          - id: private-init
            title: No second instance
            points: 1
            kind: negative
            expect: inaccessible due to 'private'
            advice: Make the initializer private.
          - id: reads-once
            title: Reads once
            points: 3
            kind: behaviour
            test: readsOnce
            advice: Generate the id once.
          - id: login-independent
            title: Login is independent
            points: 1
            kind: manifest
            target: Login
            advice: Drop the dependency.
          - id: no-escape-hatch
            title: No escape hatch
            points: 1
            kind: lint
            pattern: 'nonisolated\\(unsafe\\)'
            paths: [Sources/APIClient]
            visibility: after_due_date
            advice: Make the type Sendable instead.
        """

    func decode(_ text: String) throws -> KataManifest {
        try ManifestDecoder().kata(fromYAML: text, file: "Katas/01-singleton/kata.yaml")
    }

    func error(_ text: String) -> ManifestError? {
        do {
            _ = try decode(text)
            return nil
        } catch let error as ManifestError {
            return error
        } catch {
            return ManifestError(file: "?", problem: "unexpected \(error)")
        }
    }

    @Test func decodesEveryField() throws {
        let manifest = try decode(Self.valid)
        #expect(manifest.id == "01-singleton")
        #expect(manifest.hints == ["one", "two", "three"])
        #expect(manifest.targets[1] == TargetRule(name: "Login", forbiddenDependencies: ["APIClient"]))
        #expect(manifest.limits.perTestSeconds == 5)
        #expect(manifest.limits.testSeconds == Limits.standard.testSeconds)
        #expect(
            manifest.checks.map(\.kind) == [
                .contract(probe: "contract/staging-client.swift"),
                .negative(probe: "negative/private-init.swift", expect: "inaccessible due to 'private'"),
                .behaviour(test: "readsOnce"),
                .manifest(target: "Login"),
                .lint(pattern: #"nonisolated\(unsafe\)"#, paths: ["Sources/APIClient"], mustMatch: false),
            ])
        #expect(manifest.checks[4].visibility == .afterDueDate)
        #expect(manifest.maxPoints == 8)
        #expect(manifest.systemModules.contains("Foundation"))
    }

    @Test(arguments: [
        (
            "points: 2\n    kind: contract", "points: two\n    kind: contract", "checks[0].points",
            "expected a whole number"
        ),
        ("hints: [one, two, three]", "hints: [one, two]", "hints", "exactly 3 hints"),
        ("    kind: contract", "    kind: contrakt", "checks[0].kind", "unknown check kind \"contrakt\""),
        ("  per_test_seconds: 5", "  per_test_secs: 5", "limits.per_test_secs", "did you mean `per_test_seconds`"),
        ("format: 1", "format: 2", "format", "reads format 1"),
        ("id: 01-singleton", "id: 01 Singleton", "id", "lowercase letters"),
        ("    target: Login", "    target: Logon", "checks[3].target", "not one of the declared targets"),
        ("    test: readsOnce\n", "", "checks[2].test", "is missing"),
        ("- id: private-init", "- id: staging-client", "checks[1].id", "used twice"),
        ("forbidden_dependencies: [APIClient]", "forbidden_dependencies: [Network]", "targets[1]", "\"Network\""),
        (
            #"pattern: 'nonisolated\(unsafe\)'"#, #"pattern: 'nonisolated(unsafe'"#, "checks[4].pattern",
            "not a valid regular expression"
        ),
    ])
    func reportsTheFieldAndProblem(original: String, replacement: String, field: String, problem: String) throws {
        #expect(Self.valid.contains(original), "fixture text must contain the line to break")
        let found = try #require(error(Self.valid.replacingOccurrences(of: original, with: replacement)))
        #expect(found.file == "Katas/01-singleton/kata.yaml")
        #expect(found.field == field)
        #expect(found.problem.contains(problem), "\(found.problem)")
    }

    @Test func reportsTheLineOfAWrongValue() throws {
        let found = try #require(error(Self.valid.replacingOccurrences(of: "stage: 1", with: "stage: first")))
        #expect(found.line == 4)
        #expect(found.description == "Katas/01-singleton/kata.yaml:4: stage: expected a whole number, found \"first\"")
    }

    @Test func reportsInvalidYAMLWithItsLine() throws {
        let found = try #require(error("format: 1\nid: [unclosed\n"))
        #expect(found.problem.hasPrefix("is not valid YAML"))
        #expect(found.line != nil)
    }

    @Test func reportsAnEmptyFile() throws {
        #expect(error("")?.problem == "the file is empty")
    }

    @Test func aCheckMayCarryTimeoutAdvice() throws {
        let text = Self.valid.replacingOccurrences(
            of: "advice: Expose an initializer.",
            with: "advice: Expose an initializer.\n    timeout_advice: Resume the continuation.")
        let manifest = try decode(text)
        #expect(manifest.checks[0].timeoutAdvice == "Resume the continuation.")
        #expect(manifest.checks[1].timeoutAdvice == nil)
    }

    @Test func stageZeroIsAWarmUpAndBelowZeroIsRefused() throws {
        #expect(try decode(Self.valid.replacingOccurrences(of: "stage: 1", with: "stage: 0")).stage == 0)
        let found = try #require(error(Self.valid.replacingOccurrences(of: "stage: 1", with: "stage: -1")))
        #expect(found.description.contains("stage"))
        #expect(found.description.contains("at least 0"))
    }

    @Test func decodesTheCatalog() throws {
        let catalog = try ManifestDecoder().catalog(
            fromYAML:
                "format: 1\ntitle: t\ntracks:\n  - id: core\n    title: Core\n    katas: [a, b]\n  - id: adv\n    title: Adv\n    katas: [c]\n",
            file: "catalog.yaml")
        #expect(catalog.orderedKataIDs == ["a", "b", "c"])
        #expect(catalog.kata(after: "b") == "c")
        #expect(catalog.kata(after: "c") == nil)
    }

    @Test func rejectsACatalogListingAKataTwice() {
        #expect(throws: ManifestError.self) {
            try ManifestDecoder().catalog(
                fromYAML: "format: 1\ntitle: t\ntracks:\n  - id: core\n    title: Core\n    katas: [a, a]\n",
                file: "c.yaml")
        }
    }
}
