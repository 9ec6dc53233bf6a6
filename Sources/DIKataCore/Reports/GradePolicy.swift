import Foundation

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

/// Parses kata selections such as `01-04`, `1,3,5` or `02-global-state`, in catalog order. Pure.
public enum KataSelection {
    public static func resolve(_ text: String, in order: [String]) -> Result<[String], SelectionError> {
        var selected: [String] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if let exact = order.first(where: { $0 == part }) {
                selected.append(exact)
                continue
            }
            let bounds = part.split(separator: "-", maxSplits: 1).map(String.init)
            if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high {
                let inRange = order.filter { id in number(of: id).map { (low...high).contains($0) } ?? false }
                guard !inRange.isEmpty else { return .failure(.noMatch(part)) }
                selected += inRange
            } else if let value = Int(part), let match = order.first(where: { number(of: $0) == value }) {
                selected.append(match)
            } else {
                return .failure(.noMatch(part))
            }
        }
        var seen: Set<String> = []
        return .success(order.filter { selected.contains($0) && seen.insert($0).inserted })
    }

    /// `02-global-state` → 2.
    static func number(of id: String) -> Int? {
        Int(id.prefix { $0.isNumber })
    }

    public enum SelectionError: Error, Equatable, Sendable {
        case noMatch(String)
    }
}

/// Renders verdicts in any format. `text` needs colour and path display decided by the caller.
public struct ReportRenderer: Sendable {
    public var colour: Bool
    public var context: ReportContext

    public init(colour: Bool, context: ReportContext) {
        self.colour = colour
        self.context = context
    }

    public func render(_ verdicts: [Verdict], as format: ReportFormat) -> String {
        switch format {
        case .text:
            return verdicts.map { verdict in
                let kata = verdict.kata.id
                return TextReport(colour: colour, displayPath: { [context] in context.repositoryPath(kata, $0) })
                    .render(verdict)
            }.joined(separator: "\n")
        case .json: return JSONReport().render(verdicts)
        case .exercism: return ExercismReport().render(verdicts, context: context)
        case .gradescope: return GradescopeReport().render(verdicts, context: context)
        case .junit: return JUnitReport().render(verdicts, context: context)
        case .github: return GitHubReport().annotations(verdicts, context: context)
        case .markdown: return MarkdownReport().render(verdicts, context: context)
        }
    }
}
