import Foundation
import Lessons
import TestSupport
import Testing

/// Markdown → styled lines: every construct the lesson reader must render.
struct DocumentLayoutTests {
    func text(_ markdown: String, width: Int = 60) -> String {
        DocumentLayout(width: width).layout(MarkdownParser().parse(markdown)).map(\.text).joined(separator: "\n")
    }

    @Test func rendersEveryConstruct() {
        #expect(
            text(SampleTutorial.lessonText, width: 60) == """
                Singletons
                ══════════

                A singleton guarantees one instance. See the docs
                (https://swift.org) and static let.

                Before and after
                ────────────────

                │ ┌────────────┐     ┌─────────────────┐
                │ │ Login      │ ──▶ │ ServerAPIClient │
                │ └────────────┘     └─────────────────┘

                │ final class InstallationID: Sendable {
                │     static let shared = InstallationID()
                │     private init() {}
                │ }

                │ Convenience alone does not justify a singleton.

                ┌──────────────────────┬─────────────────┐
                │ Design               │ Guarantees one? │
                ├──────────────────────┼─────────────────┤
                │ GoF singleton        │ yes             │
                │ Swift shared default │ no              │
                └──────────────────────┴─────────────────┘

                1. Find the type that must be unique.
                2. Make its initializer private.

                • Stable dependencies may stay concrete.
                • Volatile ones get a boundary: network, disk, clock,
                  randomness, SDKs, and the rest of the list that is long
                  enough to wrap.
                """)
    }

    @Test func tablesShrinkToFitButKeepTheirShape() {
        let lines = DocumentLayout(width: 30).layout(
            MarkdownParser().parse("| a | b |\n|---|---|\n| a very long cell indeed | short |\n"))
        #expect(lines.allSatisfy { $0.width <= 30 })
        #expect(lines.first?.text.hasPrefix("┌") == true)
    }

    @Test func codeAndDiagramsAreClippedNotWrapped() {
        let lines = DocumentLayout(width: 24).layout(
            MarkdownParser().parse("```text\n┌──────────────────────────────┐\n```"))
        #expect(lines.count == 1)
        #expect(lines[0].text.hasSuffix("›"))
        #expect(lines[0].width <= 24)
    }

    @Test func swiftCodeIsHighlighted() {
        let runs = SwiftHighlighter().highlight(
            "@MainActor final class A: Sendable { let n = 42 // why\n  var s = \"hi\" /* a\n b */ }")
        let roles = runs.flatMap { $0 }.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.role) }.filter {
            !$0.0.isEmpty
        }
        #expect(roles.contains { $0 == ("@MainActor", .codeAttribute) })
        #expect(roles.contains { $0 == ("final", .codeKeyword) })
        #expect(roles.contains { $0 == ("Sendable", .codeType) })
        #expect(roles.contains { $0 == ("42", .codeNumber) })
        #expect(roles.contains { $0 == ("// why", .codeComment) })
        #expect(roles.contains { $0 == ("\"hi\"", .codeString) })
        #expect(runs[2].first == StyledRun(" b */", .codeComment), "block comments continue on the next line")
    }

    @Test func displayWidthCountsWideAndCombiningCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("👩‍💻") == 2)
        #expect(DisplayWidth.prefix("漢字abc", fitting: 3) == "漢")
    }

    @Test func wrappingKeepsRolesAndNeverExceedsTheWidth() {
        let lines = DocumentLayout(width: 20).layout(
            MarkdownParser().parse(
                "Some **bold words that wrap** and `code` after them, plus averyveryverylongwordthatmustbesplit."))
        #expect(lines.allSatisfy { $0.width <= 20 })
        #expect(lines.flatMap(\.runs).contains { $0.role == .strong })
        #expect(lines.flatMap(\.runs).contains { $0 == StyledRun("code", .inlineCode) })
    }
}
