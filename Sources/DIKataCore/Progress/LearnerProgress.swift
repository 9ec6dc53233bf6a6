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

        public init(attempts: Int = 0, bestPoints: Int = 0, maxPoints: Int = 0, passed: Bool = false, lastGraded: Date? = nil) {
            self.attempts = attempts
            self.bestPoints = bestPoints
            self.maxPoints = maxPoints
            self.passed = passed
            self.lastGraded = lastGraded
        }
    }

    public var format: Int
    public var katas: [String: KataProgress]
    /// The kata the learner last worked on.
    public var current: String?

    public init(format: Int = 1, katas: [String: KataProgress] = [:], current: String? = nil) {
        self.format = format
        self.katas = katas
        self.current = current
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

    /// The kata to work on: the last one worked on unless it passed, then the first kata in
    /// learning order that has not passed.
    public func currentKata(in catalog: Catalog) -> String? {
        if let current, katas[current]?.passed != true, catalog.orderedKataIDs.contains(current) { return current }
        return catalog.orderedKataIDs.first { katas[$0]?.passed != true } ?? catalog.orderedKataIDs.last
    }
}
