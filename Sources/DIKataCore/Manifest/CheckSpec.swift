/// Who may see a check's details (used by CI formats such as Gradescope).
public enum CheckVisibility: String, Codable, Equatable, Sendable, CaseIterable {
    case visible
    case hidden
    case afterDueDate = "after_due_date"
    case afterPublished = "after_published"
}

/// One graded check of a kata, as declared in `kata.yaml`.
public struct CheckSpec: Equatable, Sendable, Identifiable {
    /// Stable identifier, lowercase words joined by `-` (e.g. `staging-client`).
    public var id: String
    /// One line shown to the learner.
    public var title: String
    /// Points earned when the check passes.
    public var points: Int
    /// What the check inspects.
    public var kind: CheckKind
    /// The learner's next step when the check fails; never the solution.
    public var advice: String
    /// The next step when the check ran out of time instead (for a `behaviour` check, say
    /// "your continuation is never resumed"); nil means `advice` serves for a timeout too.
    public var timeoutAdvice: String?
    /// The heading of the section of the kata's lesson that explains what the check asks for
    /// (`lesson` in kata.yaml), shown next to the advice so the learner can read up.
    public var lesson: String?
    /// Who sees the check's details in CI reports.
    public var visibility: CheckVisibility

    public init(
        id: String, title: String, points: Int, kind: CheckKind, advice: String, timeoutAdvice: String? = nil,
        lesson: String? = nil, visibility: CheckVisibility = .visible
    ) {
        self.id = id
        self.title = title
        self.points = points
        self.kind = kind
        self.advice = advice
        self.timeoutAdvice = timeoutAdvice
        self.lesson = lesson
        self.visibility = visibility
    }
}
