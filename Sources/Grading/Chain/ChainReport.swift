import DIKataCore
import Foundation

/// What `dikata dev chain` found for one link, kata `from` → kata `to`, and its rules. Pure:
/// the verifier gathers the facts, this decides and words them.
public struct ChainLink: Equatable, Sendable {
    public var from: String
    public var to: String
    /// Files the delta lays over the previous solution, plus the files it removes.
    public var deltaFiles: Int
    /// Lines that change from solution(from) to starter(to).
    public var change: DiffStats
    /// solution(from) + delta(to) compared with starter(to).
    public var difference: FileSetDifference
    /// Lines that differ between solution(from) + delta(to) and starter(to): changes outside the delta.
    public var outside: DiffStats
    /// The start of that diff, shown when the link is broken.
    public var excerpt: [String]
    /// The compiler's first error when starter(to) does not build; nil when it builds.
    public var buildError: String?
    /// Checks of `from` that do not pass on starter(to) though the delta does not declare them broken.
    public var unexpectedFailures: [Failure]
    /// Checks the delta declares broken that pass on starter(to).
    public var passingBreaks: [String]
    /// Anything else that stopped the link from being checked (a remove that names no file, a diff that failed).
    public var problems: [String]

    /// A check of `from` that failed on starter(to).
    public struct Failure: Equatable, Sendable {
        public var id: String
        public var status: CheckStatus
        public var message: String?

        public init(id: String, status: CheckStatus, message: String?) {
            self.id = id
            self.status = status
            self.message = message
        }
    }

    public init(
        from: String, to: String, deltaFiles: Int = 0, change: DiffStats = DiffStats(),
        difference: FileSetDifference = FileSetDifference(), outside: DiffStats = DiffStats(), excerpt: [String] = [],
        buildError: String? = nil, unexpectedFailures: [Failure] = [], passingBreaks: [String] = [],
        problems: [String] = []
    ) {
        self.from = from
        self.to = to
        self.deltaFiles = deltaFiles
        self.change = change
        self.difference = difference
        self.outside = outside
        self.excerpt = excerpt
        self.buildError = buildError
        self.unexpectedFailures = unexpectedFailures
        self.passingBreaks = passingBreaks
        self.problems = problems
    }

    public var isGreen: Bool {
        difference.isEmpty && buildError == nil && unexpectedFailures.isEmpty && passingBreaks.isEmpty
            && problems.isEmpty
    }

    /// Splits a grade of starter(to) against kata `from`'s checks by what the delta declares broken.
    public static func hiddenRegressions(
        _ verdict: Verdict, breaks: [String]
    ) -> (unexpected: [Failure], passingBreaks: [String]) {
        let unexpected = verdict.checks.filter { $0.status != .passed && !breaks.contains($0.id) }.map {
            Failure(id: $0.id, status: $0.status, message: $0.message)
        }
        let passing = breaks.filter { verdict.check($0)?.status == .passed }
        return (unexpected, passing)
    }

    /// The compiler's first error in a grade, or its first package problem; nil when it built.
    public static func buildError(in verdict: Verdict) -> String? {
        verdict.problems.first
            ?? verdict.checks.first { $0.message?.hasPrefix("Your code does not compile") == true }?.message
    }
}

/// The whole of `dikata dev chain`, rendered in the style of `dev check`.
public struct ChainReport: Equatable, Sendable {
    public var links: [ChainLink]
    /// How many diff lines of a broken link are shown.
    public static let excerptLines = 40

    public init(links: [ChainLink]) { self.links = links }

    public var isGreen: Bool { links.allSatisfy(\.isGreen) }

    public func rendered(colour: Bool) -> String {
        links.map { Self.rendered($0, colour: colour) }.joined() + Self.summary(links)
    }

    /// One link: its headline, then a ✓/✗ line per rule with what is wrong under it.
    public static func rendered(_ link: ChainLink, colour: Bool) -> String {
        func mark(_ ok: Bool) -> String {
            let symbol = ok ? "✓" : "✗"
            guard colour else { return symbol }
            return ok ? "\u{1B}[32m\(symbol)\u{1B}[0m" : "\u{1B}[31m\(symbol)\u{1B}[0m"
        }
        var lines = [
            "\(link.from) → \(link.to): delta \(link.deltaFiles) file\(link.deltaFiles == 1 ? "" : "s"), "
                + "+\(link.change.added) −\(link.change.removed) lines, \(link.outside.total) lines outside the delta"
        ]
        lines.append("  \(mark(link.difference.isEmpty)) solution(\(link.from)) + delta = starter(\(link.to))")
        for path in link.difference.missing { lines.append("    → missing from the starter: \(path)") }
        for path in link.difference.extra { lines.append("    → only in the starter: \(path)") }
        for path in link.difference.changed { lines.append("    → differs: \(path)") }
        if !link.difference.isEmpty {
            lines += link.excerpt.prefix(excerptLines).map { "      \($0)" }
            if link.excerpt.count > excerptLines {
                lines.append("      … \(link.excerpt.count - excerptLines) more diff lines")
            }
        }
        lines.append("  \(mark(link.buildError == nil)) starter(\(link.to)) builds")
        if let error = link.buildError { lines.append("    → \(error)") }
        let hiddenOK = link.buildError == nil && link.unexpectedFailures.isEmpty && link.passingBreaks.isEmpty
        lines.append("  \(mark(hiddenOK)) hidden(\(link.from)) passes on starter(\(link.to)) except what it breaks")
        if link.buildError != nil { lines.append("    → not checked: the starter does not build") }
        for failure in link.unexpectedFailures {
            lines.append("    → \(failure.id) [\(failure.status.rawValue)]: \(failure.message ?? "") (not in breaks)")
        }
        for id in link.passingBreaks {
            lines.append("    → \(id) is declared broken but passes — remove it from breaks")
        }
        for problem in link.problems { lines.append("    → \(problem)") }
        lines.append(link.isGreen ? "  green" : "  BROKEN")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The last line: how many links are green or broken.
    public static func summary(_ links: [ChainLink]) -> String {
        let broken = links.filter { !$0.isGreen }.count
        let count = "\(links.count) link\(links.count == 1 ? "" : "s")"
        if links.isEmpty { return "No kata has a delta: nothing to check.\n" }
        return broken == 0 ? "\(count) green.\n" : "\(broken) of \(count) broken.\n"
    }
}
