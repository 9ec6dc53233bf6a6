/// Builds a `Verdict` from the evidence the grading shell gathered. Pure: the rule that "a check
/// passes only with positive evidence" lives here, not in the shell.
public struct VerdictBuilder: Sendable {
    public init() {}

    public func verdict(
        for kata: KataManifest, evidence: [String: CheckEvidence], problems: [String] = [],
        notes: [String] = [], isolation: Verdict.Isolation, duration: Double
    ) -> Verdict {
        let results = kata.checks.map { spec in
            let found = evidence[spec.id] ?? CheckEvidence(.notRun("dikata found no result for this check"))
            let (message, location) = Self.details(of: found.outcome)
            let passed = found.outcome == .passed
            return CheckResult(
                id: spec.id, title: spec.title, kind: spec.kind.name, status: found.outcome.status,
                points: passed ? spec.points : 0, maxPoints: spec.points,
                advice: passed ? nil : found.advice ?? Self.advice(spec, for: found.outcome),
                lesson: passed ? nil : spec.lesson, message: message,
                location: location,
                output: found.output.text, outputDroppedBytes: found.output.droppedBytes,
                visibility: spec.visibility, duration: found.duration)
        }
        return Verdict(
            kata: .init(id: kata.id, title: kata.title, stage: kata.stage), checks: results,
            problems: problems, notes: notes, isolation: isolation, duration: duration)
    }

    /// The check's advice for how it did not pass: its `timeout_advice` when it ran out of time.
    static func advice(_ spec: CheckSpec, for outcome: CheckOutcome) -> String {
        if case .timedOut = outcome, let timeoutAdvice = spec.timeoutAdvice { return timeoutAdvice }
        return spec.advice
    }

    static func details(of outcome: CheckOutcome) -> (String?, SourceLocation?) {
        switch outcome {
        case .passed: (nil, nil)
        case .failed(let message, let location), .compileError(let message, let location),
            .crashed(let message, let location):
            (message, location)
        case .timedOut(let message), .notRun(let message): (message, nil)
        }
    }
}
