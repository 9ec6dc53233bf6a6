/// The passing bar for `dikata grade`: every check (the default), or a minimum score.
public enum MinimumScore: Equatable, Sendable {
    case points(Int)
    case percent(Int)

    /// Parses `12` (points) or `80%` (percent of the maximum).
    public init?(_ text: String) {
        if text.hasSuffix("%"), let value = Int(text.dropLast()), (0...100).contains(value) {
            self = .percent(value)
        } else if let value = Int(text), value >= 0 {
            self = .points(value)
        } else {
            return nil
        }
    }

    public func isMet(points: Int, maxPoints: Int) -> Bool {
        switch self {
        case .points(let minimum): points >= minimum
        case .percent(let minimum): maxPoints == 0 || points * 100 >= minimum * maxPoints
        }
    }
}

/// Decides whether a set of verdicts passes. Pure.
public enum GradePolicy {
    public static func passes(_ verdicts: [Verdict], minimum: MinimumScore?) -> Bool {
        guard !verdicts.isEmpty else { return false }
        guard let minimum else { return verdicts.allSatisfy { $0.outcome == .passed } }
        let points = verdicts.reduce(0) { $0 + $1.totals.points }
        let maxPoints = verdicts.reduce(0) { $0 + $1.totals.maxPoints }
        return minimum.isMet(points: points, maxPoints: maxPoints)
    }
}
