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
        case .stageMap:
            // The selected kata, as on the other screens (the catalog's title is "dikata" too).
            let entries = mapEntries
            switch entries.indices.contains(selection) ? entries[selection] : nil {
            case .kata(let id): title = id
            case .reading(let id): title = content.lessons.first { $0.id == id }?.title ?? id
            case nil: title = content.title
            }
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

    /// The keys that apply now, most useful first, from the table of what is in front: the
    /// overlay's, else the screen's and `?` (which works on every screen).
    var statusKeys: [(keys: String, text: String)] {
        if let overlay { return overlayStatusHints(overlay) }
        let everywhere = KeyTable.everywhere.statusHints(self)
        switch screen {
        case .stageMap: return KeyTable.stageMap.statusHints(self) + everywhere
        case .lesson: return KeyTable.lesson.statusHints(self) + everywhere
        case .kata: return KeyTable.kata.statusHints(self) + everywhere
        case .graph: return KeyTable.graph.statusHints(self) + everywhere
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

}
