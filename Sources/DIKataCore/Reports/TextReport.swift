import Foundation

/// The human-readable report printed by `dikata grade`: one line per check, advice and
/// location under each failure, totals last. Colour is an input, decided by the caller.
public struct TextReport: Sendable {
    public var colour: Bool
    /// Turns a package-relative path into what the learner should open (e.g. a full path).
    public var displayPath: @Sendable (String) -> String

    public init(colour: Bool, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.colour = colour
        self.displayPath = displayPath
    }

    public func render(_ verdict: Verdict) -> String {
        var lines: [String] = []
        lines.append(bold("\(verdict.kata.id) · \(verdict.kata.title)"))
        for problem in verdict.problems {
            lines.append(paint("  ✗ \(problem)", .red))
        }
        let build = verdict.sharedBuildFailure
        if let build {
            lines.append(paint("  ✗ \(build.message)", .red))
            if let location = build.location {
                lines.append("      " + paint("at \(displayPath(location.file)):\(location.line)", .cyan))
            }
            lines.append(
                "      → Make your code compile; the \(build.checkIDs.count) checks marked [build] run once it does.")
        }
        for check in verdict.checks {
            let mark = check.status == .passed ? paint("✓", .green) : paint("✗", .red)
            let points = "\(check.points)/\(check.maxPoints)"
            var line = "  \(mark) \(check.title)"
            if check.status != .passed && check.status != .failed {
                line += " " + paint("[\(check.status.label)]", .yellow)
            }
            lines.append(line + "  " + dim(points))
            guard check.status != .passed, build?.checkIDs.contains(check.id) != true else { continue }
            if let location = check.location {
                lines.append("      " + paint("at \(displayPath(location.file)):\(location.line)", .cyan))
            }
            if let message = check.message, !message.isEmpty {
                for messageLine in message.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
                    lines.append("      " + dim(String(messageLine)))
                }
            }
            if let advice = check.advice {
                lines.append("      → " + advice)
            }
            if let lesson = check.lesson {
                lines.append("      " + dim("Read: \u{201C}\(lesson)\u{201D} in lesson \(verdict.kata.stage)"))
            }
            if check.outputDroppedBytes > 0 {
                lines.append("      " + dim("(output cut: \(check.outputDroppedBytes) more bytes)"))
            }
        }
        for note in verdict.notes {
            lines.append(dim("  note: \(note)"))
        }
        let totals = verdict.totals
        let summary =
            "\(totals.passed)/\(totals.checks) checks passed · \(totals.points)/\(totals.maxPoints) points · "
            + String(format: "%.2fs", verdict.duration)
        lines.append(verdict.outcome == .passed ? paint(summary, .green) : paint(summary, .red))
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Styling

    enum Colour: String {
        case red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func bold(_ text: String) -> String {
        colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    private func dim(_ text: String) -> String {
        colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }
}
