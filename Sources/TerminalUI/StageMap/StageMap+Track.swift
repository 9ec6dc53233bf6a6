import DIKataCore
import Lessons

extension AppState {
    /// A track's heading on the stage map. With more than one track, it carries the track's own
    /// progress bar and count, so a learner sees how far along each section is.
    func trackHeader(_ track: Catalog.Track, width: Int, barred: Bool) -> UILine {
        var line = UILine(track.title, CellStyle(bold: true, underline: true))
        guard barred, !track.katas.isEmpty else { return line }
        let passed = track.katas.filter { progress.katas[$0]?.passed == true }.count
        let count = " \(passed)/\(track.katas.count)"
        let barWidth = max(4, min(20, width / 4, width - 8 - DisplayWidth.of(track.title) - count.count - 2))
        let filled = barWidth * passed / track.katas.count
        line.append("  ", .plain)
        line.append(String(repeating: "█", count: filled), theme.passed)
        line.append(String(repeating: "░", count: barWidth - filled), theme.muted)
        line.append(count, theme.muted)
        return line
    }
}

extension UIText {
    /// Under a later track's heading while its first kata is locked.
    static func trackLocked(after kata: String) -> String { "Unlocks when \(kata) passes." }
}
