/// What the grading shell found out about one check. The verdict builder turns evidence into
/// results; a check without evidence never passes.
public enum CheckOutcome: Equatable, Sendable {
    case passed
    case failed(String, SourceLocation?)
    case compileError(String, SourceLocation?)
    case crashed(String, SourceLocation?)
    case timedOut(String)
    case notRun(String)

    public var status: CheckStatus {
        switch self {
        case .passed: .passed
        case .failed: .failed
        case .compileError: .compileError
        case .crashed: .crashed
        case .timedOut: .timedOut
        case .notRun: .notRun
        }
    }
}

/// The evidence for one check: the outcome plus what the learner's code printed while it ran.
public struct CheckEvidence: Equatable, Sendable {
    public var outcome: CheckOutcome
    public var output: CapturedText
    public var duration: Double
    /// Advice that replaces the check's own (e.g. "make it compile first" while nothing builds).
    public var advice: String?

    public init(_ outcome: CheckOutcome, output: CapturedText = .empty, duration: Double = 0, advice: String? = nil) {
        self.outcome = outcome
        self.output = output
        self.duration = duration
        self.advice = advice
    }
}

/// Text captured from a process or compiler, capped: `droppedBytes` counts what was cut.
public struct CapturedText: Codable, Equatable, Sendable {
    public var text: String
    public var droppedBytes: Int

    public static let empty = CapturedText(text: "", droppedBytes: 0)

    public init(text: String, droppedBytes: Int = 0) {
        self.text = text
        self.droppedBytes = droppedBytes
    }

    /// Keeps at most `limit` bytes of `text` (whole characters), counting the rest as dropped.
    public static func capped(_ text: String, limit: Int, alreadyDropped: Int = 0) -> CapturedText {
        let bytes = text.utf8.count
        guard bytes > limit else { return CapturedText(text: text, droppedBytes: alreadyDropped) }
        var kept = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            if used + size > limit { break }
            kept.append(character)
            used += size
        }
        return CapturedText(text: kept, droppedBytes: alreadyDropped + bytes - used)
    }
}
