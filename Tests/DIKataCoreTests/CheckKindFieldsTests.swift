import DIKataCore
import Testing

/// Each kind of check reads its own fields through one row of a table: the kinds, their
/// spellings and the errors for a wrong kind are those kata.yaml has always had.
struct CheckKindFieldsTests {
    /// The kind of the first check of a valid manifest whose first check has `fields`
    /// (its kind and the fields that kind reads) instead of its own.
    func decode(_ fields: String) throws -> CheckKind {
        let first =
            "  - id: staging-client\n    title: A staging client can be made\n    points: 2\n    kind: contract\n"
        let replacement = "  - id: first\n    title: First\n    points: 1\n" + fields
        let text = ManifestDecoderTests.valid.replacingOccurrences(of: first, with: replacement)
        #expect(text != ManifestDecoderTests.valid)
        let manifest = try ManifestDecoder().kata(fromYAML: text, file: "kata.yaml")
        return try #require(manifest.checks.first).kind
    }

    @Test func everyKindIsListedInTheManifestOrder() {
        #expect(
            CheckKind.allNames == [
                "contract", "negative", "behaviour", "manifest", "imports", "lint", "surface", "build-variant",
            ])
    }

    @Test func eachKindReadsItsOwnFields() throws {
        #expect(try decode("    kind: contract\n") == .contract(probe: "contract/first.swift"))
        #expect(
            try decode("    kind: contract\n    isolated: true\n") == .isolatedContract(probe: "contract/first.swift"))
        #expect(try decode("    kind: negative\n") == .negative(probe: "negative/first.swift", expect: nil))
        #expect(try decode("    kind: behavior\n    test: works\n") == .behaviour(test: "works"))
        #expect(try decode("    kind: imports\n") == .imports(targets: []))
        #expect(
            try decode("    kind: surface\n    rule: no-task-local\n    targets: [Login]\n")
                == .surface(rule: .noTaskLocal, targets: ["Login"]))
    }

    @Test func anUnknownKindNamesEveryKind() {
        let error = #expect(throws: ManifestError.self) { try decode("    kind: probe\n") }
        #expect(
            error?.problem
                == "unknown check kind \"probe\"; use one of contract, negative, behaviour, manifest, imports, lint, surface, build-variant"
        )
    }

    @Test func aFieldOfAnotherKindIsRefused() {
        #expect(throws: ManifestError.self) { try decode("    kind: imports\n    test: works\n") }
    }

    @Test func probesStayInsideTheHiddenFolder() {
        #expect(throws: ManifestError.self) { try decode("    kind: negative\n    probe: ../solution/Login.swift\n") }
    }

    @Test func aKindNamesOnlyDeclaredTargets() {
        let error = #expect(throws: ManifestError.self) {
            try decode("    kind: surface\n    rule: no-task-local\n    targets: [Nope]\n")
        }
        #expect(error?.field == "checks[0].targets")
    }

    @Test func probesAreWhatTheKindReads() {
        #expect(CheckKind.negative(probe: "negative/a.swift", expect: nil).probe == "negative/a.swift")
        #expect(CheckKind.isolatedContract(probe: "contract/a.swift").probe == "contract/a.swift")
        #expect(CheckKind.manifest(target: "Login").probe == nil)
    }
}
