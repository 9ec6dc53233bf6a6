/// A kata as declared in its `kata.yaml` (the read model). See `Katas/README.md` for the format.
public struct KataManifest: Equatable, Sendable {
    /// The manifest format this dikata reads.
    public static let supportedFormat = 1
    /// Modules any learner file may import without declaring them.
    public static let defaultSystemModules = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "_Concurrency",
        "Observation", "Glibc", "Darwin", "Musl", "os",
    ]

    public var format: Int
    /// Stable identifier; also the kata's folder name (e.g. `01-singleton`).
    public var id: String
    public var title: String
    /// The kata's stage: 0 for a warm-up (it teaches the runner, not a stage), then 1, 2, …
    public var stage: Int
    /// One or two sentences shown in lists.
    public var summary: String
    /// Exactly three hints, from a nudge to a near-answer.
    public var hints: [String]
    /// The targets the learner's package must declare, with their dependency rules.
    public var targets: [TargetRule]
    /// Modules learner files may import besides declared dependencies.
    public var systemModules: [String]
    /// APIs the kata allows beyond the defaults of `SymbolPolicy` and `SourcePolicy`: module
    /// names, qualified names (`Foundation.ProcessInfo`) or C functions (`getenv`).
    public var allowedAPIs: [String] = []
    public var limits: Limits
    public var checks: [CheckSpec]
    /// The checks that define the stage: the starter must fail every one of them (`dikata dev check`).
    public var keyChecks: [String]
    /// Package paths of starter files the reference solution deletes (`solution_removes`).
    public var solutionRemoves: [String] = []

    public init(
        format: Int = KataManifest.supportedFormat, id: String, title: String, stage: Int,
        summary: String, hints: [String], targets: [TargetRule],
        systemModules: [String] = KataManifest.defaultSystemModules, limits: Limits = .standard,
        checks: [CheckSpec], keyChecks: [String] = []
    ) {
        self.format = format
        self.id = id
        self.title = title
        self.stage = stage
        self.summary = summary
        self.hints = hints
        self.targets = targets
        self.systemModules = systemModules
        self.limits = limits
        self.checks = checks
        self.keyChecks = keyChecks
    }

    /// The highest score a learner can reach.
    public var maxPoints: Int { checks.reduce(0) { $0 + $1.points } }

    /// The rule for a target, if the kata declares one.
    public func target(named name: String) -> TargetRule? {
        targets.first { $0.name == name }
    }
}

extension KataManifest {
    /// How a stage is named on screen: "Warm-up" for stage 0, "Stage N" after.
    public static func stageLabel(_ stage: Int) -> String {
        stage == 0 ? "Warm-up" : "Stage \(stage)"
    }
}
