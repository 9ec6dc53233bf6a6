import Foundation

/// What the learner has done so far, kata by kata. Stored as JSON in the workspace's
/// `.dikata/progress.json`, outside every kata folder.
public struct LearnerProgress: Codable, Equatable, Sendable {
    public struct KataProgress: Codable, Equatable, Sendable {
        public var attempts: Int
        public var bestPoints: Int
        public var maxPoints: Int
        public var passed: Bool
        public var lastGraded: Date?
        /// How many of the kata's three hints the learner has revealed.
        public var hintsUsed: Int
        /// Whether the learner has looked at the reference solution.
        public var solutionViewed: Bool

        public init(
            attempts: Int = 0, bestPoints: Int = 0, maxPoints: Int = 0, passed: Bool = false, lastGraded: Date? = nil,
            hintsUsed: Int = 0, solutionViewed: Bool = false
        ) {
            self.attempts = attempts
            self.bestPoints = bestPoints
            self.maxPoints = maxPoints
            self.passed = passed
            self.lastGraded = lastGraded
            self.hintsUsed = hintsUsed
            self.solutionViewed = solutionViewed
        }

        // Fields added after format 1 shipped are optional in the file, so old files still load.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
            bestPoints = try container.decodeIfPresent(Int.self, forKey: .bestPoints) ?? 0
            maxPoints = try container.decodeIfPresent(Int.self, forKey: .maxPoints) ?? 0
            passed = try container.decodeIfPresent(Bool.self, forKey: .passed) ?? false
            lastGraded = try container.decodeIfPresent(Date.self, forKey: .lastGraded)
            hintsUsed = try container.decodeIfPresent(Int.self, forKey: .hintsUsed) ?? 0
            solutionViewed = try container.decodeIfPresent(Bool.self, forKey: .solutionViewed) ?? false
        }
    }

    public var format: Int
    public var katas: [String: KataProgress]
    /// The kata the learner last worked on.
    public var current: String?
    /// Katas the learner opened before the previous one passed (the override, with a warning).
    public var unlocked: [String]

    public init(format: Int = 1, katas: [String: KataProgress] = [:], current: String? = nil, unlocked: [String] = []) {
        self.format = format
        self.katas = katas
        self.current = current
        self.unlocked = unlocked
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decodeIfPresent(Int.self, forKey: .format) ?? 1
        katas = try container.decodeIfPresent([String: KataProgress].self, forKey: .katas) ?? [:]
        current = try container.decodeIfPresent(String.self, forKey: .current)
        unlocked = try container.decodeIfPresent([String].self, forKey: .unlocked) ?? []
    }

    /// A kata is open when it is the first, the one before it passed, or it was unlocked by hand.
    public func isUnlocked(_ kataID: String, in catalog: Catalog) -> Bool {
        let order = catalog.orderedKataIDs
        guard let index = order.firstIndex(of: kataID) else { return false }
        if index == 0 || unlocked.contains(kataID) || katas[kataID]?.attempts ?? 0 > 0 { return true }
        return katas[order[index - 1]]?.passed == true
    }

    /// Records that the learner revealed hint number `count` (1-based) of a kata.
    public mutating func revealHint(_ count: Int, of kataID: String) {
        var entry = katas[kataID] ?? KataProgress()
        entry.hintsUsed = max(entry.hintsUsed, min(3, count))
        katas[kataID] = entry
    }

    /// Records a grade: attempts, best score, passed once means passed.
    public mutating func record(_ verdict: Verdict, at date: Date) {
        var entry = katas[verdict.kata.id] ?? KataProgress()
        entry.attempts += 1
        entry.bestPoints = max(entry.bestPoints, verdict.totals.points)
        entry.maxPoints = verdict.totals.maxPoints
        entry.passed = entry.passed || verdict.outcome == .passed
        entry.lastGraded = date
        katas[verdict.kata.id] = entry
        current = verdict.kata.id
    }

    /// This progress combined with `other` (another writer's, such as a `dikata grade` in a
    /// second terminal) so that nothing goes backwards: the most attempts and hints, the best
    /// score, a pass or a viewed solution is never lost, and katas unlocked by either stay
    /// unlocked. `current` is this progress's (the writer's latest intent) when it has one.
    public func merged(with other: LearnerProgress) -> LearnerProgress {
        var result = self
        result.format = max(format, other.format)
        for (id, theirs) in other.katas {
            guard let mine = katas[id] else {
                result.katas[id] = theirs
                continue
            }
            let newer = (theirs.lastGraded ?? .distantPast) > (mine.lastGraded ?? .distantPast) ? theirs : mine
            result.katas[id] = KataProgress(
                attempts: max(mine.attempts, theirs.attempts), bestPoints: max(mine.bestPoints, theirs.bestPoints),
                maxPoints: newer.maxPoints, passed: mine.passed || theirs.passed, lastGraded: newer.lastGraded,
                hintsUsed: max(mine.hintsUsed, theirs.hintsUsed),
                solutionViewed: mine.solutionViewed || theirs.solutionViewed)
        }
        result.unlocked += other.unlocked.filter { !unlocked.contains($0) }
        result.current = current ?? other.current
        return result
    }

    /// The kata to work on: the last one worked on unless it passed, then the first kata in
    /// learning order that has not passed.
    public func currentKata(in catalog: Catalog) -> String? {
        if let current, katas[current]?.passed != true, catalog.orderedKataIDs.contains(current) { return current }
        return catalog.orderedKataIDs.first { katas[$0]?.passed != true } ?? catalog.orderedKataIDs.last
    }
}
