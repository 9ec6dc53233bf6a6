import DIKataCore

/// Every sentence the tutorial screen shows, in one place.
enum UIText {
    static let filesHeading = "Files to edit"
    static let instructionsHeading = "Instructions"
    static let minimumSize = (rows: 12, cols: 40)
    /// The widest a lesson's text is laid out.
    static let readableWidth = 100

    static func notGradedYet(watching: Bool) -> String {
        watching
            ? "Not graded yet. Save a file (or press r) and the checks run."
            : "Not graded yet. Press r to run the checks (watching is off: w turns it on)."
    }

    static func hintsHeading(shown: Int, total: Int) -> String {
        shown == 0 ? "Hints: none shown yet (h shows the first of \(total))" : "Hints (\(shown) of \(total))"
    }

    static func tooSmall(rows: Int, cols: Int) -> [String] {
        ["Terminal too small", "need \(minimumSize.cols)×\(minimumSize.rows),", "have \(cols)×\(rows)"]
    }

    static func lockedWarning(_ kata: String) -> String {
        "\(kata) is locked until the stage before it passes. Skipping a stage makes the next one harder to see. Open it anyway? (y/n)"
    }

    static func resetQuestion(_ kata: String) -> String {
        "Reset \(kata) to its starter? Your files are backed up first. (y/n)"
    }

    static let quitQuestion = "Quit dikata? (y/n)"

    static func solutionQuestion(_ kata: String) -> String {
        "\(kata) has not passed yet. Look at the reference solution anyway? It is recorded in your progress. (y/n)"
    }

    static func passed(_ kata: String, next: String?) -> String {
        if let next { return "\(kata) passed! \(next) is unlocked. Press n to open it." }
        return "\(kata) passed! That was the last kata of the track."
    }

    static func noMoreHints(_ kata: String) -> String { "All hints for \(kata) are shown." }
    /// Under a check's advice: the lesson section that explains it (the lesson is one key away).
    static func readLesson(_ section: String) -> String { "Read: “\(section)” in the lesson (l opens it)" }

    /// Before the summary of the results kept on screen while a kata is graded again.
    static let lastGrade = "Last grade · "
    static let endOfLesson = "End of the lesson. Press o to open its kata, or Esc for the map."
    static func noMatch(_ search: String, elsewhere lessons: [String] = []) -> String {
        guard !lessons.isEmpty else { return "No match for “\(search)”." }
        let named = lessons.prefix(3).joined(separator: "; ") + (lessons.count > 3 ? "; …" : "")
        return "No match for “\(search)” in this lesson. It is in: \(named)."
    }
}
