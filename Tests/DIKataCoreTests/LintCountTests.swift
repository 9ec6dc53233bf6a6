import DIKataCore
import Testing

/// `max_matches` on a lint: a count limit, read from kata.yaml and judged over learner code.
struct LintCountTests {
    func decode(_ fields: String) throws -> CheckKind { try CheckKindFieldsTests().decode(fields) }

    @Test func maxMatchesMakesACountedLint() throws {
        #expect(
            try decode("    kind: lint\n    pattern: 'print'\n    max_matches: 1\n")
                == .lintCount(pattern: "print", paths: [], maxMatches: 1))
        #expect(
            try decode("    kind: lint\n    pattern: 'print'\n") == .lint(pattern: "print", paths: [], mustMatch: false)
        )
        #expect(CheckKind.lintCount(pattern: "x", paths: [], maxMatches: 2).name == "lint")
    }

    @Test func aCountBelowOneOrWithMustMatchIsRefused() {
        let zero = #expect(throws: ManifestError.self) {
            try decode("    kind: lint\n    pattern: 'print'\n    max_matches: 0\n")
        }
        #expect(zero?.field == "checks[0].max_matches")
        let both = #expect(throws: ManifestError.self) {
            try decode("    kind: lint\n    pattern: 'print'\n    must_match: true\n    max_matches: 2\n")
        }
        #expect(both?.problem.contains("must_match") == true)
    }

    static let files = [
        SourceFile(path: "Sources/App/Log.swift", text: "print(a)\n", code: "print(a)\n"),
        SourceFile(path: "Sources/App/Loader.swift", text: "x\n  print(b) // b\n", code: "x\n  print(b)\n"),
        SourceFile(path: "Sources/Items/List.swift", text: "// print(c)\n", code: "\n"),
    ]

    @Test func passesUpToTheLimit() {
        #expect(LintRules().evaluate(pattern: #"\bprint\("#, paths: [], maxMatches: 2, files: Self.files) == .passed)
        #expect(
            LintRules().evaluate(pattern: #"\bprint\("#, paths: ["Sources/Items/"], maxMatches: 1, files: Self.files)
                == .passed)
    }

    @Test func failsOnTheFirstLineOverTheLimitAndListsEveryMatch() {
        let outcome = LintRules().evaluate(pattern: #"\bprint\("#, paths: [], maxMatches: 1, files: Self.files)
        guard case .failed(let message, let location) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        // Files are read in path order, so Loader.swift's line comes first and Log.swift's is over.
        #expect(location == SourceLocation(file: "Sources/App/Log.swift", line: 1))
        #expect(message.hasPrefix("2 lines match where at most 1 may"))
        #expect(message.contains("Sources/App/Loader.swift:2, Sources/App/Log.swift:1"))
        #expect(message.hasSuffix("`print(a)`"))
    }

    @Test func noSelectedFileIsNoEvidence() {
        #expect(
            LintRules().evaluate(pattern: "x", paths: ["Sources/Nowhere/"], maxMatches: 1, files: Self.files) != .passed
        )
    }
}
