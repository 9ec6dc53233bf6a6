import DIKataCore
import Foundation
import Lessons

/// The facilitator's terminal dashboard: participants × katas (status, best score, attempts,
/// time since the last attempt, ⚠ when stuck), the room's message and countdown, and the checks
/// the room fails most. Pure: the dashboard, the time and the size go in, a grid comes out.
public struct DashboardScreen: Sendable {
    public var dashboard: Dashboard?
    public var error: String?
    public var now: Date
    public var theme: Theme

    public init(dashboard: Dashboard?, error: String?, now: Date, theme: Theme) {
        self.dashboard = dashboard
        self.error = error
        self.now = now
        self.theme = theme
    }

    public func render(rows: Int, cols: Int) -> CellGrid {
        var grid = CellGrid(rows: rows, cols: cols)
        guard rows >= 8, cols >= 40 else {
            grid.put("Terminal too small", row: 0, col: 0, style: theme.warning)
            return grid
        }
        grid.fill(row: 0, style: theme.header)
        let count =
            dashboard.map { "\($0.participants.count) participants · \($0.resultCount) results" } ?? "connecting…"
        grid.put(" dikata workshop · " + count, row: 0, col: 0, style: theme.header)
        var row = 1
        if let error {
            grid.put(" ⚠ " + error, row: row, col: 0, style: theme.warning)
            row += 1
        }
        guard let dashboard else {
            drawStatus(&grid)
            return grid
        }
        var roomLine = UILine()
        if let message = dashboard.room.message { roomLine.append(" ✉ " + message + "  ", CellStyle(bold: true)) }
        if let end = dashboard.room.countdownEndsAt {
            let left = max(0, Int(end.timeIntervalSince(now).rounded()))
            roomLine.append(String(format: "⏱ %d:%02d  ", left / 60, left % 60), theme.warning)
        }
        if !dashboard.room.unlocked.isEmpty {
            roomLine.append("open: " + dashboard.room.unlocked.joined(separator: ", "), theme.muted)
        }
        grid.put(roomLine, row: row, col: 0)
        row += 2

        let nameWidth = min(22, max(13, (dashboard.participants.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2))
        let cellWidth = 12
        let columns = max(1, (cols - nameWidth - 1) / cellWidth)
        let katas = Array(dashboard.katas.prefix(columns))
        grid.put("Participant", row: row, col: 1, style: CellStyle(bold: true), limit: nameWidth)
        for (index, kata) in katas.enumerated() {
            let lock = dashboard.room.unlocked.contains(kata) ? "🔓" : ""
            let label = DisplayWidth.prefix(kata, fitting: cellWidth - 2 - DisplayWidth.of(lock)) + lock
            grid.put(label, row: row, col: 1 + nameWidth + index * cellWidth, style: CellStyle(bold: true))
        }
        row += 1
        let heatRows = min(6, dashboard.heat.count)
        let available = rows - row - 2 - (heatRows > 0 ? heatRows + 2 : 0)
        for participant in dashboard.participants.prefix(max(0, available)) {
            grid.put(participant.name, row: row, col: 1, limit: nameWidth - 1)
            for (index, kata) in katas.enumerated() {
                let cell = participant.cells[kata] ?? .empty
                let (text, style) = describe(cell)
                grid.put(text, row: row, col: 1 + nameWidth + index * cellWidth, style: style, limit: cellWidth - 1)
            }
            row += 1
        }
        if dashboard.participants.count > available, available >= 0 {
            grid.put(" … \(dashboard.participants.count - available) more", row: row, col: 0, style: theme.muted)
        }
        if heatRows > 0 {
            let top = rows - heatRows - 2
            grid.put("Checks the room fails most", row: top, col: 1, style: CellStyle(bold: true))
            for (offset, heat) in dashboard.heat.prefix(heatRows).enumerated() {
                let bar = String(repeating: "█", count: min(20, heat.failing))
                var line = UILine([(" " + bar + " ", theme.failed)])
                line.append("\(heat.failing)/\(heat.attempted)  \(heat.kata) · \(heat.check)")
                grid.put(line, row: top + 1 + offset, col: 0)
            }
        }
        drawStatus(&grid)
        return grid
    }

    private func describe(_ cell: Dashboard.Cell) -> (String, CellStyle) {
        switch cell.status {
        case .notStarted: return ("·", theme.muted)
        // A cell the host regraded ends in " v" (verified) or " ≠" (mismatch, in the warning colour).
        case .passed:
            return (
                "✓ \(cell.bestPoints)/\(cell.maxPoints)" + cell.trustMark,
                cell.trust == .mismatch ? theme.warning : theme.passed
            )
        case .failing:
            let ago = cell.lastAttemptAt.map { Self.ago(now.timeIntervalSince($0)) } ?? ""
            let text = (cell.stuckOn != nil ? "⚠" : "✗") + "\(cell.attempts) \(ago)" + cell.trustMark
            return (text, cell.stuckOn != nil || cell.trust == .mismatch ? theme.warning : theme.failed)
        }
    }

    static func ago(_ seconds: Double) -> String {
        let value = max(0, Int(seconds))
        if value < 60 { return "\(value)s" }
        if value < 3600 { return "\(value / 60)m" }
        return "\(value / 3600)h"
    }

    private func drawStatus(_ grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.fill(row: row, style: theme.statusBar)
        // The regrade marks are explained only on a host that regrades (`--verify`).
        let regraded = dashboard?.participants.contains { $0.cells.values.contains { $0.trust != nil } } ?? false
        grid.put(
            " q quit   ✓ passed  ✗N attempts (time since last)  ⚠ stuck: same check failed 3 times"
                + (regraded ? "  v verified ≠ mismatch" : ""), row: row, col: 0, style: theme.statusBar)
    }
}
