import Foundation

/// The result of grading one kata: what every view (terminal, CI formats, workshop) shows.
/// Encoded as JSON it is dikata's versioned report format (`docs/verdict-schema.json`).
public struct Verdict: Codable, Equatable, Sendable {
    /// The version of this JSON shape. Bump on any incompatible change.
    public static let currentSchemaVersion = 1

    public struct KataReference: Codable, Equatable, Sendable {
        public var id: String
        public var title: String
        public var stage: Int
        public init(id: String, title: String, stage: Int) {
            self.id = id
            self.title = title
            self.stage = stage
        }
    }

    /// How the learner's code was contained while it ran.
    public enum Isolation: String, Codable, Equatable, Sendable {
        /// bubblewrap: no network, writes only in the build folder, plus resource limits.
        case bubblewrap
        /// Resource limits only: no network or file system isolation on this machine.
        case limitsOnly = "limits_only"
    }

    /// The overall outcome: `passed` only when every check passed.
    public enum Outcome: String, Codable, Equatable, Sendable {
        case passed
        case failed
    }

    public struct Totals: Codable, Equatable, Sendable {
        public var points: Int
        public var maxPoints: Int
        public var passed: Int
        public var checks: Int

        public init(points: Int, maxPoints: Int, passed: Int, checks: Int) {
            self.points = points
            self.maxPoints = maxPoints
            self.passed = passed
            self.checks = checks
        }
    }

    public var schemaVersion: Int
    public var kata: KataReference
    public var outcome: Outcome
    public var totals: Totals
    public var checks: [CheckResult]
    /// Problems with the learner's package as a whole (e.g. `Package.swift` does not parse).
    public var problems: [String]
    /// Facts worth knowing that are not failures (isolation used, files ignored).
    public var notes: [String]
    public var isolation: Isolation
    /// Wall-clock seconds for the whole grade.
    public var duration: Double

    public init(
        kata: KataReference, checks: [CheckResult], problems: [String], notes: [String],
        isolation: Isolation, duration: Double
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.kata = kata
        self.checks = checks
        self.problems = problems
        self.notes = notes
        self.isolation = isolation
        self.duration = duration
        let passed = checks.filter { $0.status == .passed }
        self.totals = Totals(
            points: passed.reduce(0) { $0 + $1.points },
            maxPoints: checks.reduce(0) { $0 + $1.maxPoints },
            passed: passed.count, checks: checks.count)
        self.outcome = passed.count == checks.count && problems.isEmpty ? .passed : .failed
    }

    /// The result for one check, by id.
    public func check(_ id: String) -> CheckResult? { checks.first { $0.id == id } }
}

/// The graded result of one check.
public struct CheckResult: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var kind: String
    public var status: CheckStatus
    /// Points earned: the check's points when it passed, else 0.
    public var points: Int
    public var maxPoints: Int
    /// The learner's next step; present whenever the check did not pass.
    public var advice: String?
    /// The lesson section that explains the check (a heading of the kata's lesson), given with
    /// the advice.
    public var lesson: String?
    /// What happened (an expectation, a compiler error, a crash message).
    public var message: String?
    /// Where in the learner's code, when known.
    public var location: SourceLocation?
    /// What ran for this check printed (capped).
    public var output: String
    /// Bytes of output dropped by the cap.
    public var outputDroppedBytes: Int
    public var visibility: CheckVisibility
    /// Seconds spent on this check.
    public var duration: Double

    public init(
        id: String, title: String, kind: String, status: CheckStatus, points: Int, maxPoints: Int,
        advice: String?, lesson: String? = nil, message: String?, location: SourceLocation?, output: String,
        outputDroppedBytes: Int, visibility: CheckVisibility, duration: Double
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.status = status
        self.points = points
        self.maxPoints = maxPoints
        self.advice = advice
        self.lesson = lesson
        self.message = message
        self.location = location
        self.output = output
        self.outputDroppedBytes = outputDroppedBytes
        self.visibility = visibility
        self.duration = duration
    }
}
