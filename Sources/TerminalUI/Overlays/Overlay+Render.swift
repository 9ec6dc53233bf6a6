import DIKataCore
import Lessons

extension AppState {
    func drawOverlay(_ grid: inout CellGrid, _ overlay: Overlay) {
        var lines: [UILine]
        var title: String
        switch overlay {
        case .help:
            title = "Keys"
            lines = HelpText.lines(theme: theme, screen: screen, height: grid.rows - 4)
        case .confirmReset(let kata):
            title = "Reset"
            lines = KataPage.wrapped(
                UIText.resetQuestion(kata), width: min(60, grid.cols - 6), style: .plain, indent: 0)
        case .confirmUnlock(let kata):
            title = "Locked"
            lines = KataPage.wrapped(
                UIText.lockedWarning(kata), width: min(60, grid.cols - 6), style: theme.warning, indent: 0)
        case .confirmQuit:
            title = "Quit"
            lines = [UILine(UIText.quitQuestion, .plain)]
        case .confirmSolution(let kata):
            title = "Solution"
            lines = KataPage.wrapped(
                UIText.solutionQuestion(kata), width: min(60, grid.cols - 6), style: theme.warning, indent: 0)
        case .solution(let kata, let diff, let scroll):
            title = "Reference solution for \(kata) (diff against your code)"
            lines = diff.dropFirst(scroll).map { line in
                let style: CellStyle =
                    switch UnifiedDiffText.kind(of: line) {
                    case .fileHeader: CellStyle(bold: true)
                    case .hunk: theme.frame
                    case .added: theme.passed
                    case .removed: theme.failed
                    case .context: .plain
                    }
                return UILine(line, style)
            }
        case .joinWorkshop(let form):
            title = "Join a workshop"
            let labels = ["Host URL", "Your name", "Join code"]
            let values = [form.url, form.name, form.code]
            lines = labels.indices.map { index in
                let active = index == form.field
                return UILine([
                    (
                        (active ? "▸ " : "  ") + labels[index].padding(toLength: 11, withPad: " ", startingAt: 0),
                        CellStyle(bold: active)
                    ),
                    (values[index] + (active ? "▏" : ""), active ? theme.selection : .plain),
                ])
            }
            lines.append(.blank)
            lines.append(
                UILine(
                    form.note ?? "The facilitator gives you the URL and the code.",
                    form.note == nil ? theme.muted : theme.warning))
            lines = lines.map { line in
                var padded = line
                padded.append(String(repeating: " ", count: max(0, 56 - DisplayWidth.of(line.text))))
                return padded
            }
        case .passed(let kata, let next):
            title = "Passed"
            lines = KataPage.wrapped(
                UIText.passed(kata, next: next), width: min(60, grid.cols - 6), style: theme.passed, indent: 0)
        case .message(let text):
            title = "dikata"
            lines = KataPage.wrapped(text, width: min(60, grid.cols - 6), style: .plain, indent: 0)
        }
        let isSolution: Bool = { if case .solution = overlay { return true } else { return false } }()
        let width =
            isSolution
            ? grid.cols - 4
            : min(
                grid.cols - 4, max(DisplayWidth.of(title) + 4, (lines.map { DisplayWidth.of($0.text) }.max() ?? 0) + 4))
        let height = min(grid.rows - 2, lines.count + 2)
        let top = max(1, (grid.rows - height) / 2)
        let left = max(1, (grid.cols - width) / 2)
        grid.box(top: top, left: left, height: height, width: width, style: theme.frame)
        grid.put(" \(title) ", row: top, col: left + 2, style: CellStyle(bold: true), limit: width - 4)
        for (offset, line) in lines.prefix(height - 2).enumerated() {
            grid.put(line, row: top + 1 + offset, col: left + 2, limit: width - 4)
        }
    }
}
