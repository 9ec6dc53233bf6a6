import DIKataCore
import Testing

@testable import Grading

/// Lint checks match what the Swift parser reads as code: comments and string contents are
/// never code, raw strings and nested comments included, and no line moves.
struct SourceCodeViewTests {
    func lint(_ pattern: String, _ text: String, mustMatch: Bool = false) -> CheckOutcome {
        let file = SourceFile(path: "Sources/App/main.swift", text: text, code: SourceScanner.code(of: text))
        return LintRules().evaluate(pattern: pattern, paths: ["Sources/App/"], mustMatch: mustMatch, files: [file])
    }

    @Test func codeAfterARawStringWithABackslashQuoteIsStillSeen() {
        // A hand-written stripper takes `\"` for an escaped quote and the rest of the line for string.
        let text = ##"let pattern = #"\"#; nonisolated(unsafe) var leak = 0"##
        #expect(lint(#"nonisolated\s*\(\s*unsafe"#, text) != .passed)
    }

    @Test func aStringThatMentionsTheCallIsNotTheCall() {
        #expect(lint(#"\bAppComposer\s*\("#, #"print("AppComposer(")"#, mustMatch: true) != .passed)
        #expect(lint(#"\bAppComposer\s*\("#, "Launcher.launch { AppComposer().run($0) }", mustMatch: true) == .passed)
    }

    @Test func nestedCommentsAndMultiLineStringsHideNothingAndMoveNothing() {
        let text = """
            /* outer /* inner */ still a comment: nonisolated(unsafe) */
            let help = \"""
                nonisolated(unsafe) is explained here
                \"""
            let count = "\\(value)"; nonisolated(unsafe) var leak = 0
            """
        let outcome = lint(#"nonisolated\s*\(\s*unsafe"#, text)
        let expected = #"`let count = "\(value)"; nonisolated(unsafe) var leak = 0`"#
        #expect(outcome == .failed(expected, SourceLocation(file: "Sources/App/main.swift", line: 5)))
        #expect(SourceScanner.code(of: text).split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    }

    @Test func interpolatedExpressionsStayCode() {
        let code = SourceScanner.code(of: #"let s = "id: \(ServerAPIClient.shared.id)""#)
        #expect(code.contains("ServerAPIClient.shared.id"))
        #expect(!code.contains("id: "))
    }

    @Test func testCodeExcerptFindsTheWholeFunction() {
        let source = """
            import Testing

            @Test("reload hits the stub")
            @MainActor
            func reloads() async {
                let text = "}"  // a brace in a string
                let raw = #"\\"}"#
                if true { #expect(text == "}") }
            }

            @Test func other() {}
            """
        #expect(
            SourceScanner.function(named: "reloads", in: source)
                == "@Test(\"reload hits the stub\")\n@MainActor\nfunc reloads() async {\n    let text = \"}\"  // a brace in a string\n    let raw = #\"\\\"}\"#\n    if true { #expect(text == \"}\") }\n}"
        )
        #expect(SourceScanner.function(named: "missing", in: source) == nil)
    }

    @Test func importLineIsFoundForEveryImportFormAndNeverInAComment() {
        let source = """
            // import APIClient, in a comment
            @testable import Login
            #if canImport(Glibc)
                import Glibc
            #endif
            import struct APIClient.Request
            let note = "import Items"
            """
        let lines = SourceScanner.importLines(in: source)
        #expect(lines == ["Login": 2, "Glibc": 4, "APIClient": 6])
    }
}
