import Lessons

extension AppState {
    func drawStageMap(_ grid: inout CellGrid) {
        var row = 2
        let passed = content.katas.filter { progress.katas[$0.id]?.passed == true }.count
        let barWidth = max(10, min(40, grid.cols - 30))
        let filled = content.katas.isEmpty ? 0 : barWidth * passed / content.katas.count
        grid.put("  Progress ", row: row, col: 0, style: CellStyle(bold: true))
        grid.put(String(repeating: "█", count: filled), row: row, col: 11, style: theme.passed)
        grid.put(String(repeating: "░", count: barWidth - filled), row: row, col: 11 + filled, style: theme.muted)
        grid.put(" \(passed)/\(content.katas.count) katas", row: row, col: 11 + barWidth)
        if let note = content.workspaceNote {
            grid.put("  " + note, row: row + 1, col: 0, style: theme.muted, limit: grid.cols)
        }
        row += 2
        let entries = mapEntries
        // The selected kata's summary, whole (up to three lines), above the status bar.
        let summary: [UILine] = {
            guard case .kata(let id) = entries.indices.contains(selection) ? entries[selection] : .reading(""),
                let kata = content.kata(id)
            else { return [] }
            return Array(
                KataPage.wrapped(kata.summary, width: grid.cols - 2, style: theme.muted, indent: 2).prefix(3))
        }()
        // Keep the selection visible on short terminals.
        let available = grid.rows - row - 1 - max(1, summary.count)
        var lines: [(UILine, Int?)] = []
        let tracks = content.catalog.tracks
        for (number, track) in tracks.enumerated() {
            lines.append((trackHeader(track, width: grid.cols, barred: tracks.count > 1), nil))
            if number > 0, let first = track.katas.first, status(of: first) == .locked,
                let previous = tracks[..<number].last(where: { !$0.katas.isEmpty })?.katas.last
            {
                lines.append((UILine("   " + UIText.trackLocked(after: previous), theme.muted), nil))
            }
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
        for (offset, line) in summary.enumerated() {
            grid.put(line, row: grid.rows - 1 - summary.count + offset, col: 0, limit: grid.cols)
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
}
