import DIKataCore
import Foundation
import SwiftParser
import SwiftSyntax
import TestSupport
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

    /// The code view as first written: every token's trivia built as values and written out piece
    /// by piece, each character of a comment or a string's text blanked. The grader's view reads
    /// the source's bytes instead, and must give the same text.
    static func tokenByTokenCode(of text: String) -> String {
        var output = ""
        func blank(_ piece: String) {
            for character in piece { output.append(character.isNewline ? character : " ") }
        }
        func trivia(_ pieces: Trivia) {
            for piece in pieces {
                var written = ""
                piece.write(to: &written)
                switch piece {
                case .lineComment, .blockComment, .docLineComment, .docBlockComment: blank(written)
                default: output += written
                }
            }
        }
        for token in Parser.parse(source: text).tokens(viewMode: .sourceAccurate) {
            trivia(token.leadingTrivia)
            if case .stringSegment = token.tokenKind { blank(token.text) } else { output += token.text }
            trivia(token.trailingTrivia)
        }
        return output
    }

    @Test(arguments: [
        "let a = 1 // é and 漢字 in a comment\r\nlet b = \"naïve \\(a) ü\" /* x\u{2028}y */\n",
        "#!/usr/bin/env swift\nprint(\"/\") // a slash in a string, then a comment",
        "/* never closed\nlet hidden = 1",
        "let s = \"never closed\nlet next = 2 // c",
        "let r = ##\"a \"# b\"## ; let x = a / b /c/ // d\n",
        "func f() {\n    /// doc\n    /** block\n     doc */\n    let s = \"\"\"\n        many \\(f()) lines\n        \"\"\"\n}\n",
        "let x = 1 } ) /* stray */ \"\\( ",
        "\u{FEFF}// after a byte order mark\nlet a = \"\\u{1F600} é\" // 😀\n",
    ])
    func theCodeViewIsTheTokenByTokenOneOnTrickyText(_ text: String) {
        #expect(SourceScanner.code(of: text) == Self.tokenByTokenCode(of: text))
    }

    /// Every kata's solution and every hostile fixture (written to fool a scanner). A few seconds
    /// of debug parsing: it yields between files so the tests beside it keep their threads.
    @Test func theCodeViewIsTheTokenByTokenOneOnEverySolutionAndHostileFile() async throws {
        var files: [URL] = []
        for root in [Fixtures.katas, Fixtures.root.appendingPathComponent("Hostile")] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                let inSolution = root != Fixtures.katas || url.path.contains("/solution/")
                if url.pathExtension == "swift" && inSolution { files.append(url) }
            }
        }
        #expect(files.count > 100)
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(SourceScanner.code(of: text) == Self.tokenByTokenCode(of: text), "\(url.path)")
            await Task.yield()
        }
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
