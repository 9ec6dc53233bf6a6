import DIKataCore
import Foundation
import Lessons

/// The kata screen's scrollable content, built once per change and used both for drawing and
/// for key handling (so scrolling and check selection agree with what is on screen).
struct KataPage: Sendable {
    var lines: [UILine]
    /// Line index of each check row, in check order.
    var checkRows: [Int]
    /// Check ids in display order.
    var checkIDs: [String]
    /// What the page was built from: a page is reused while these are the same.
    var inputs: Inputs

    /// Everything of the state a kata page shows.
    struct Inputs: Equatable, Sendable {
        var position: AppState.KataPosition
        var grading: AppState.Grading?
        var lastVerdict: Verdict?
        var watching: Bool
        var hintsShown: Int
        var width: Int
        var theme: Theme

        init(_ state: AppState, position: AppState.KataPosition) {
            self.position = position
            grading = state.grading[position.kata]
            lastVerdict = state.lastVerdicts[position.kata]
            watching = state.watching
            hintsShown = state.progress.katas[position.kata]?.hintsUsed ?? 0
            width = max(20, state.size.cols - 2)
            theme = state.theme
        }
    }

    static func make(_ state: AppState, position: AppState.KataPosition) -> KataPage {
        let inputs = Inputs(state, position: position)
        let width = inputs.width
        let theme = state.theme
        guard let kata = state.content.kata(position.kata) else {
            return KataPage(lines: [], checkRows: [], checkIDs: [], inputs: inputs)
        }
        var lines: [UILine] = []
        let entry = state.progress.katas[kata.id]
        lines.append(
            UILine([(KataManifest.stageLabel(kata.stage) + " · ", theme.muted), (kata.title, CellStyle(bold: true))]))
        lines += wrapped(kata.summary, width: width, style: theme.muted, indent: 0)
        lines.append(.blank)

        var checkRows: [Int] = []
        var checkIDs: [String] = []
        switch state.grading[kata.id] ?? .idle {
        case .idle:
            lines.append(UILine(UIText.notGradedYet(watching: state.watching), theme.muted))
        case .running(let stage):
            lines.append(UILine("⟳ " + stage.summary, theme.pending))
        case .failed(let message):
            lines.append(UILine("✗ " + message, theme.failed))
        case .finished:
            break
        }
        // While a kata is graded again, its last results stay on screen, dimmed.
        let regrading: Bool = {
            if case .running = state.grading[kata.id] { return true } else { return false }
        }()
        let last = regrading ? state.lastVerdicts[kata.id] : nil
        if let verdict = state.verdict(kata.id) ?? last {
            let dim = last != nil
            let totals = verdict.totals
            let summary = "\(totals.passed)/\(totals.checks) checks · \(totals.points)/\(totals.maxPoints) points"
            lines.append(
                UILine([
                    (
                        dim ? UIText.lastGrade : verdict.outcome == .passed ? "✓ Passed · " : "Checks · ",
                        dim ? theme.muted : verdict.outcome == .passed ? theme.passed : CellStyle(bold: true)
                    ), (summary, dim ? theme.muted : CellStyle(bold: true)),
                ]))
            for problem in verdict.problems {
                lines += wrapped("⚠ " + problem, width: width, style: theme.warning, indent: 2)
            }
            let build = verdict.sharedBuildFailure
            if let build {
                lines += wrapped("✗ " + build.message, width: width, style: theme.failed, indent: 2)
                if let location = build.location {
                    lines.append(
                        UILine("      at \(kata.packagePath)/\(location.file):\(location.line)", theme.style(.link)))
                }
                lines += wrapped(
                    "→ Make your code compile; the \(build.checkIDs.count) checks marked [build] run once it does.",
                    width: width, style: CellStyle(bold: true), indent: 6)
            }
            for (index, check) in verdict.checks.enumerated() {
                checkRows.append(lines.count)
                checkIDs.append(check.id)
                let passed = check.status == .passed
                let mark = passed ? "✓" : "✗"
                let selected = index == position.selectedCheck
                var row = UILine([
                    (selected ? "▸ " : "  ", CellStyle(bold: true)),
                    (mark + " ", dim ? theme.muted : passed ? theme.passed : theme.failed),
                ])
                for (text, isCode) in Self.codeSpans(check.title) {
                    let style =
                        dim
                        ? theme.muted : isCode ? theme.style(.inlineCode) : selected ? CellStyle(bold: true) : .plain
                    row.append(text, style)
                }
                if !passed && check.status != .failed { row.append(" [\(check.status.label)]", theme.pending) }
                row.append("  \(check.points)/\(check.maxPoints)", theme.muted)
                lines.append(row)
                let expanded = position.expanded.contains(check.id) || (selected && !passed)
                guard expanded, !passed, build?.checkIDs.contains(check.id) != true else { continue }
                if let location = check.location {
                    lines.append(
                        UILine("      at \(kata.packagePath)/\(location.file):\(location.line)", theme.style(.link)))
                }
                for messageLine in (check.message ?? "").split(separator: "\n").prefix(
                    position.expanded.contains(check.id) ? 40 : 4)
                {
                    lines += wrapped(String(messageLine), width: width, style: theme.muted, indent: 6)
                }
                if let advice = check.advice {
                    lines += wrapped("→ " + advice, width: width, style: CellStyle(bold: true), indent: 6)
                }
                if let lesson = check.lesson {
                    lines += wrapped(UIText.readLesson(lesson), width: width, style: theme.muted, indent: 6)
                }
                if position.expanded.contains(check.id), !check.output.isEmpty {
                    lines.append(UILine("      output:", theme.muted))
                    let output = check.output.trimmingCharacters(in: .newlines)
                    for outputLine in output.split(separator: "\n", omittingEmptySubsequences: false).prefix(30) {
                        lines.append(UILine("      │ " + outputLine, theme.style(.codePlain)))
                    }
                    if check.outputDroppedBytes > 0 {
                        lines.append(UILine("      │ … \(check.outputDroppedBytes) more bytes", theme.muted))
                    }
                }
            }
            for note in verdict.notes { lines += wrapped("note: " + note, width: width, style: theme.muted, indent: 2) }
        }
        // Results first; the files to edit below them.
        lines.append(.blank)
        lines.append(UILine(UIText.filesHeading, CellStyle(bold: true)))
        for file in kata.files {
            lines.append(UILine("  \(kata.packagePath)/\(file)", theme.style(.inlineCode)))
        }
        lines.append(.blank)

        let shown = entry?.hintsUsed ?? 0
        lines.append(UILine(UIText.hintsHeading(shown: shown, total: kata.hints.count), CellStyle(bold: true)))
        for (index, hint) in kata.hints.prefix(shown).enumerated() {
            lines += wrapped("\(index + 1). " + hint, width: width, style: .plain, indent: 2)
        }
        lines.append(.blank)
        lines.append(UILine(UIText.instructionsHeading, CellStyle(bold: true)))
        let instructions =
            state.layouts[state.instructionsKey(kata.id)]
            ?? DocumentLayout(width: max(20, width - 2)).layout(kata.instructions)
        for styled in instructions {
            lines.append(UILine(styled, theme: theme, indent: 2))
        }
        return KataPage(lines: lines, checkRows: checkRows, checkIDs: checkIDs, inputs: inputs)
    }

    static func wrapped(_ text: String, width: Int, style: CellStyle, indent: Int) -> [UILine] {
        DocumentLayout(width: max(10, width - indent)).wrap([StyledRun(text)], width: max(10, width - indent)).map {
            UILine(String(repeating: " ", count: indent) + $0.text, style)
        }
    }

    /// A one-line Markdown text split at its backticks: `shared` stays → ("shared", code), (" stays", text).
    /// An unpaired backtick is kept as it is.
    static func codeSpans(_ text: String) -> [(String, Bool)] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count % 2 == 1 else { return [(text, false)] }
        return parts.enumerated().compactMap { index, part in part.isEmpty ? nil : (part, index % 2 == 1) }
    }
}
