import DIKataCore
import Foundation
import Lessons

extension AppState {
    /// Draws the whole screen for the current size. Pure: the same state gives the same grid.
    public func render() -> CellGrid {
        let rows = size.rows
        let cols = size.cols
        var grid = CellGrid(rows: rows, cols: cols)
        guard rows >= UIText.minimumSize.rows, cols >= UIText.minimumSize.cols else {
            let lines = UIText.tooSmall(rows: rows, cols: cols)
            for (index, line) in lines.enumerated() {
                let row = max(0, rows / 2 - 1) + index
                grid.put(line, row: row, col: max(0, (cols - DisplayWidth.of(line)) / 2), style: theme.warning)
            }
            return grid
        }
        drawHeader(&grid)
        switch screen {
        case .stageMap: drawStageMap(&grid)
        case .lesson(let position): drawLesson(&grid, position)
        case .kata(let position): drawKata(&grid, position)
        case .graph(let kata): drawGraph(&grid, kata: kata)
        }
        drawStatusBar(&grid)
        if let overlay { drawOverlay(&grid, overlay) }
        return grid
    }

    // MARK: - Chrome

    private func drawHeader(_ grid: inout CellGrid) {
        grid.fill(row: 0, style: theme.header)
        let title: String
        switch screen {
        case .stageMap: title = content.title
        case .lesson(let position):
            let lesson = content.lessons.first { $0.id == position.lesson }
            title = "\(lesson?.title ?? position.lesson) · page \(position.page + 1)/\(lesson?.pages.count ?? 1)"
        case .kata(let position): title = "Kata \(position.kata) · \(content.kata(position.kata)?.title ?? "")"
        case .graph(let kata): title = "Dependency graph · \(kata)"
        }
        let passed = content.katas.filter { progress.katas[$0.id]?.passed == true }.count
        var right = " \(passed)/\(content.katas.count) passed "
        if let end = room?.countdownEndsAt, let clock {
            let left = max(0, Int(end.timeIntervalSince(clock).rounded()))
            right = String(format: " ⏱ %d:%02d ·", left / 60, left % 60) + right
        }
        grid.put(
            " dikata · " + title, row: 0, col: 0, style: theme.header, limit: grid.cols - DisplayWidth.of(right) - 1)
        grid.put(right, row: 0, col: grid.cols - DisplayWidth.of(right), style: theme.header)
    }

    /// The keys that apply now, most useful first; cut to fit the width.
    var statusKeys: [(String, String)] {
        if searchInput != nil { return [("Enter", "search"), ("Esc", "cancel")] }
        switch overlay {
        case .some(.confirmReset), .some(.confirmUnlock), .some(.confirmSolution):
            return [("y", "yes"), ("any key", "no")]
        case .some(.solution): return [("↑↓", "scroll"), ("any key", "close")]
        case .some(.joinWorkshop): return [("Tab", "next field"), ("Enter", "join"), ("Esc", "cancel")]
        case .some: return [("any key", "close")]
        case .none: break
        }
        switch screen {
        case .stageMap:
            return [
                ("↑↓", "move"), ("Enter", "lesson"), ("o", "kata"), ("W", "join workshop"), ("?", "help"),
                ("q", "quit"),
            ]
        case .lesson:
            return [
                ("↑↓ PgUp PgDn", "scroll"), ("←→", "page"), ("/", "search"), ("n N", "next"), ("o", "kata"),
                ("Esc", "back"), ("?", "help"),
            ]
        case .kata:
            return [
                ("e", "edit"), ("r", "run"), ("h", "hint"), ("↑↓", "check"), ("Enter", "details"), ("g", "graph"),
                ("x", "reset"), ("s", "solution"), ("w", watching ? "watch: on" : "watch: off"), ("Esc", "back"),
                ("?", "help"),
            ]
        case .graph: return [("r", "refresh"), ("Esc", "back"), ("?", "help")]
        }
    }

    private func drawStatusBar(_ grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.fill(row: row, style: theme.statusBar)
        if let input = searchInput {
            grid.put(" /" + input + "▏", row: row, col: 0, style: theme.statusBar)
            return
        }
        var column = 1
        var right = ""
        if case .lesson(let position) = screen {
            let total = lessonLines(position).count
            let percent = total <= bodyHeight ? 100 : min(100, (position.scroll + bodyHeight) * 100 / max(1, total))
            right = " \(percent)% "
        }
        let limit = grid.cols - DisplayWidth.of(right)
        // When not every key fits, `?` (which lists them all) keeps its place at the end.
        var keys = statusKeys
        let help = keys.first { $0.0 == "?" }
        keys.removeAll { $0.0 == "?" }
        let helpWidth = help.map { DisplayWidth.of($0.0) + DisplayWidth.of($0.1) + 3 } ?? 0
        for (key, action) in keys {
            let needed = DisplayWidth.of(key) + DisplayWidth.of(action) + 3
            guard column + needed + helpWidth <= limit else { break }
            column += grid.put(key, row: row, col: column, style: theme.statusKey)
            column += grid.put(" " + action + "  ", row: row, col: column, style: theme.statusBar)
        }
        if let help {
            column += grid.put(help.0, row: row, col: column, style: theme.statusKey)
            grid.put(" " + help.1, row: row, col: column, style: theme.statusBar)
        }
        if !right.isEmpty { grid.put(right, row: row, col: limit, style: theme.statusBar) }
    }

    // MARK: - Stage map

    private func drawStageMap(_ grid: inout CellGrid) {
        var row = 2
        let passed = content.katas.filter { progress.katas[$0.id]?.passed == true }.count
        let barWidth = max(10, min(40, grid.cols - 30))
        let filled = content.katas.isEmpty ? 0 : barWidth * passed / content.katas.count
        grid.put("  Progress ", row: row, col: 0, style: CellStyle(bold: true))
        grid.put(String(repeating: "█", count: filled), row: row, col: 11, style: theme.passed)
        grid.put(String(repeating: "░", count: barWidth - filled), row: row, col: 11 + filled, style: theme.muted)
        grid.put(" \(passed)/\(content.katas.count) katas", row: row, col: 11 + barWidth)
        row += 2
        let entries = mapEntries
        // Keep the selection visible on short terminals.
        let available = grid.rows - row - 2
        var lines: [(UILine, Int?)] = []
        for track in content.catalog.tracks {
            lines.append((UILine(track.title, CellStyle(bold: true, underline: true)), nil))
            for id in track.katas {
                guard let kata = content.kata(id), let index = entries.firstIndex(of: .kata(id)) else { continue }
                lines.append((mapLine(kata: kata, selected: index == selection, width: grid.cols), index))
            }
            lines.append((.blank, nil))
        }
        if !content.readings.isEmpty {
            lines.append((UILine("Reading", CellStyle(bold: true, underline: true)), nil))
            for lesson in content.readings {
                guard let index = entries.firstIndex(of: .reading(lesson.id)) else { continue }
                let selected = index == selection
                lines.append(
                    (
                        UILine([
                            (selected ? " ▸ " : "   ", CellStyle(bold: true)), ("▤ ", theme.muted),
                            (lesson.title, selected ? theme.selection : .plain),
                        ]), index
                    ))
            }
        }
        let selectedLine = lines.firstIndex { $0.1 == selection } ?? 0
        let first = max(0, min(selectedLine - available / 2, lines.count - available))
        for (offset, line) in lines.dropFirst(first).prefix(available).enumerated() {
            grid.put(line.0, row: row + offset, col: 1, limit: grid.cols - 2)
        }
        if case .kata(let id) = entries.indices.contains(selection) ? entries[selection] : .reading(""),
            let kata = content.kata(id)
        {
            grid.put("  " + kata.summary, row: grid.rows - 2, col: 0, style: theme.muted)
        }
    }

    private func mapLine(kata: TutorialContent.KataInfo, selected: Bool, width: Int) -> UILine {
        let status = status(of: kata.id)
        let (mark, markStyle): (String, CellStyle) =
            switch status {
            case .passed: ("✓", theme.passed)
            case .inProgress: ("●", theme.pending)
            case .open: ("○", .plain)
            case .locked: ("·", theme.muted)
            }
        var line = UILine([(selected ? " ▸ " : "   ", CellStyle(bold: true)), (mark + " ", markStyle)])
        let titleStyle = selected ? theme.selection : status == .locked ? theme.muted : .plain
        line.append("\(kata.id)  \(kata.title)", titleStyle)
        let entry = progress.katas[kata.id]
        var detail = ""
        switch status {
        case .locked: detail = "locked"
        case .open: detail = "open"
        case .inProgress: detail = "\(entry?.bestPoints ?? 0)/\(kata.maxPoints)"
        case .passed: detail = "passed \(entry?.bestPoints ?? kata.maxPoints)/\(kata.maxPoints)"
        }
        if case .running = grading[kata.id] ?? .idle { detail = "grading…" }
        let used = DisplayWidth.of(line.text)
        let gap = max(2, width - 4 - used - DisplayWidth.of(detail))
        line.append(String(repeating: " ", count: gap) + detail, status == .passed ? theme.passed : theme.muted)
        return line
    }

    // MARK: - Lesson

    private func drawLesson(_ grid: inout CellGrid, _ position: LessonPosition) {
        let lines = lessonLines(position)
        for (offset, line) in lines.dropFirst(position.scroll).prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 2, theme: theme, limit: grid.cols - 3, highlight: position.search)
        }
    }

    // MARK: - Kata

    private func drawKata(_ grid: inout CellGrid, _ position: KataPosition) {
        let page = KataPage.make(self, position: position, width: grid.cols - 2)
        for (offset, line) in page.lines.dropFirst(position.scroll).prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 1, limit: grid.cols - 2)
        }
    }

    // MARK: - Graph

    private func drawGraph(_ grid: inout CellGrid, kata: String) {
        guard let graph = graphs[kata] else {
            grid.put("  Reading your package…", row: 2, col: 0, style: theme.muted)
            return
        }
        let lines = GraphLayout(theme: theme).lines(graph, width: grid.cols - 2)
        for (offset, line) in lines.prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 1, limit: grid.cols - 2)
        }
    }

    // MARK: - Overlays

    private func drawOverlay(_ grid: inout CellGrid, _ overlay: Overlay) {
        var lines: [UILine]
        var title: String
        switch overlay {
        case .help:
            title = "Keys"
            lines = HelpText.lines(theme: theme)
        case .confirmReset(let kata):
            title = "Reset"
            lines = KataPage.wrapped(
                UIText.resetQuestion(kata), width: min(60, grid.cols - 6), style: .plain, indent: 0)
        case .confirmUnlock(let kata):
            title = "Locked"
            lines = KataPage.wrapped(
                UIText.lockedWarning(kata), width: min(60, grid.cols - 6), style: theme.warning, indent: 0)
        case .confirmSolution(let kata):
            title = "Solution"
            lines = KataPage.wrapped(
                UIText.solutionQuestion(kata), width: min(60, grid.cols - 6), style: theme.warning, indent: 0)
        case .solution(let kata, let diff, let scroll):
            title = "Reference solution for \(kata) (diff against your code)"
            lines = diff.dropFirst(scroll).map { line in
                let style: CellStyle =
                    line.hasPrefix("+")
                    ? theme.passed : line.hasPrefix("-") ? theme.failed : line.hasPrefix("@@") ? theme.frame : .plain
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

/// The help overlay: every key, by screen.
enum HelpText {
    static let sections: [(String, [(String, String)])] = [
        ("Everywhere", [("?", "this help"), ("Esc / q", "back (quit on the map)"), ("Ctrl-C", "quit")]),
        (
            "Stage map",
            [
                ("↑ ↓ / j k", "choose a stage"), ("Enter / l", "read its lesson"), ("o / Tab", "open its kata"),
                ("W", "join a team workshop"),
            ]
        ),
        (
            "Lesson",
            [
                ("↑ ↓ j k, wheel", "scroll"), ("PgUp PgDn Space b", "page up / down"), ("Home End g G", "top / bottom"),
                ("← → [ ]", "previous / next page"), ("/  n  N", "search, next, previous"), ("o", "open the kata"),
            ]
        ),
        (
            "Kata",
            [
                ("e", "edit the file in $VISUAL / $EDITOR"), ("r", "run the checks now"),
                ("w", "watch files: regrade on save"), ("↑ ↓, Enter", "choose a check, show its details"),
                ("h", "next hint"), ("g", "dependency graph"), ("x", "reset to the starter (backed up)"),
                ("s", "reference solution (after passing)"), ("l", "the lesson"),
            ]
        ),
    ]

    static func lines(theme: Theme) -> [UILine] {
        var lines: [UILine] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append(.blank) }
            lines.append(UILine(section.0, CellStyle(bold: true)))
            for (key, action) in section.1 {
                lines.append(
                    UILine([
                        ("  " + key.padding(toLength: 20, withPad: " ", startingAt: 0), theme.style(.inlineCode)),
                        (action, .plain),
                    ]))
            }
        }
        return lines
    }
}
