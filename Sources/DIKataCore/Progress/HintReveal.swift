/// `dikata hint`: which hints of a kata to show, and the progress that records them (the
/// same record the tutorial's `h` key makes).
public struct HintReveal: Equatable, Sendable {
    /// The hints to print, numbered from 1.
    public var shown: [(number: Int, text: String)]
    /// The progress with the reveal recorded.
    public var progress: LearnerProgress
    /// A line to print after the hints.
    public var note: String?

    public static func == (left: HintReveal, right: HintReveal) -> Bool {
        left.shown.map(\.number) == right.shown.map(\.number) && left.shown.map(\.text) == right.shown.map(\.text)
            && left.progress == right.progress && left.note == right.note
    }

    /// Why no hint can be shown.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case noHints(kata: String)
        case outOfRange(kata: String, asked: Int, count: Int)

        public var description: String {
            switch self {
            case .noHints(let kata): "\(kata) has no hints."
            case .outOfRange(let kata, let asked, let count):
                "\(kata) has \(count) hint\(count == 1 ? "" : "s"); there is no hint \(asked)."
            }
        }
    }

    /// Without `number`, the next hint not shown yet (or, when all are shown, all of them);
    /// with it, hint `number`. Every hint up to the one shown counts as revealed.
    public static func reveal(
        _ number: Int?, of kata: String, hints: [String], progress: LearnerProgress
    ) throws(Problem) -> HintReveal {
        guard !hints.isEmpty else { throw .noHints(kata: kata) }
        let used = progress.katas[kata]?.hintsUsed ?? 0
        var updated = progress
        if let number {
            guard hints.indices.contains(number - 1) else {
                throw .outOfRange(kata: kata, asked: number, count: hints.count)
            }
            updated.revealHint(number, of: kata)
            return HintReveal(shown: [(number, hints[number - 1])], progress: updated, note: nil)
        }
        guard used < hints.count else {
            let all = hints.enumerated().map { ($0.offset + 1, $0.element) }
            return HintReveal(shown: all, progress: progress, note: "All hints for \(kata) are shown.")
        }
        updated.revealHint(used + 1, of: kata)
        let remaining = hints.count - used - 1
        let note =
            remaining == 0
            ? "That was the last hint." : "\(remaining) more: run `dikata hint \(kata)` again for the next."
        return HintReveal(shown: [(used + 1, hints[used])], progress: updated, note: note)
    }
}
