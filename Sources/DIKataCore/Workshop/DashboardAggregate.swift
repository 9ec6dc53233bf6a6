import Foundation

/// The dashboard's numbers, kept up to date one result at a time: the host adds each result
/// as it is stored instead of rebuilding from every result on every change. `dashboard(room:now:)`
/// gives the same `Dashboard` as `Dashboard.build` over the same participants and results, in
/// time proportional to participants × katas, whatever the number of results; it alone also
/// keeps the host's regrades (`verify`), which mark its cells.
public struct DashboardAggregate: Equatable, Sendable {
    /// One participant's attempts at one kata.
    struct Tally: Equatable, Sendable {
        var attempts = 0
        var bestPoints = 0
        var passed = false
        /// The last three attempts by grading time, oldest first; the last is the latest.
        var recent: [ResultSubmission] = []
    }

    /// A participant, in joining order.
    public struct Member: Equatable, Sendable {
        public var id: String
        public var name: String
        public var lastSeen: Date?
    }

    public private(set) var members: [Member] = []
    private var memberIndex: [String: Int] = [:]
    private var tallies: [String: [String: Tally]] = [:]  // participant → kata → tally
    /// kata → check → how many participants' latest attempt fails it.
    private var failing: [String: [String: Int]] = [:]
    /// kata → how many participants have attempted it.
    private var attempted: [String: Int] = [:]
    public private(set) var resultCount = 0
    /// participant → kata → the host's regrade of the newest regraded attempt, and that attempt's grading time.
    var verifications: [String: [String: Regrade]] = [:]

    public init() {}

    /// The aggregate of `participants` (in joining order) and their `attempts`.
    public init(participants: [(id: String, name: String, lastSeen: Date?)], attempts: [Dashboard.Attempt]) {
        for participant in participants {
            join(id: participant.id, name: participant.name, lastSeen: participant.lastSeen)
        }
        for attempt in attempts { add(attempt) }
    }

    // MARK: - Changes

    public mutating func join(id: String, name: String, lastSeen: Date?) {
        if let index = memberIndex[id] {
            members[index].name = name
            return
        }
        memberIndex[id] = members.count
        members.append(Member(id: id, name: name, lastSeen: lastSeen))
    }

    public mutating func rename(id: String, to name: String) {
        if let index = memberIndex[id] { members[index].name = name }
    }

    /// Removes a participant and what their results counted for (a kicked participant).
    public mutating func remove(id: String) {
        guard let index = memberIndex.removeValue(forKey: id) else { return }
        members.remove(at: index)
        for (other, position) in memberIndex where position > index { memberIndex[other] = position - 1 }
        verifications[id] = nil
        for (kata, tally) in tallies.removeValue(forKey: id) ?? [:] {
            resultCount -= tally.attempts
            attempted[kata, default: 1] -= 1
            if let latest = tally.recent.last { count(latest, kata: kata, by: -1) }
        }
    }

    public mutating func seen(id: String, at date: Date) {
        if let index = memberIndex[id] { members[index].lastSeen = date }
    }

    /// Counts one stored result.
    public mutating func add(_ attempt: Dashboard.Attempt) {
        resultCount += 1
        let submission = attempt.submission
        var tally = tallies[attempt.participant]?[submission.kata] ?? Tally()
        if tally.attempts == 0 { attempted[submission.kata, default: 0] += 1 }
        let previous = tally.recent.last
        tally.attempts += 1
        tally.bestPoints = tally.attempts == 1 ? submission.points : max(tally.bestPoints, submission.points)
        tally.passed = tally.passed || submission.passed
        // Ties keep arrival order, as the stored results (ordered by grading time) do.
        let position = tally.recent.lastIndex { $0.gradedAt <= submission.gradedAt }.map { $0 + 1 } ?? 0
        if position > 0 || tally.recent.count < 3 {
            tally.recent.insert(submission, at: position)
            if tally.recent.count > 3 { tally.recent.removeFirst() }
        }
        if previous != tally.recent.last {
            if let previous { count(previous, kata: submission.kata, by: -1) }
            if let latest = tally.recent.last { count(latest, kata: submission.kata, by: 1) }
        }
        tallies[attempt.participant, default: [:]][submission.kata] = tally
    }

    private mutating func count(_ result: ResultSubmission, kata: String, by step: Int) {
        for check in result.checks where check.status != .passed {
            let total = failing[kata, default: [:]][check.id, default: 0] + step
            failing[kata, default: [:]][check.id] = total == 0 ? nil : total
        }
    }

    // MARK: - The dashboard

    /// The dashboard of the room's katas, as `Dashboard.build` makes it.
    public func dashboard(room: RoomState, now: Date) -> Dashboard {
        let rows = members.map { member in
            var cells: [String: Dashboard.Cell] = [:]
            for kata in room.katas {
                guard let tally = tallies[member.id]?[kata], let last = tally.recent.last else { continue }
                let verification = verifications[member.id]?[kata]?.verification
                cells[kata] = Dashboard.Cell(
                    status: tally.passed ? .passed : .failing, bestPoints: tally.bestPoints, maxPoints: last.maxPoints,
                    attempts: tally.attempts, lastAttemptAt: last.gradedAt,
                    stuckOn: tally.passed ? nil : Dashboard.stuckCheck(tally.recent), verification: verification,
                    trust: verification.map { Trust.of($0, latestResult: last.id) })
            }
            return Dashboard.Participant(id: member.id, name: member.name, lastSeen: member.lastSeen, cells: cells)
        }
        var heat: [Dashboard.Heat] = []
        for kata in room.katas {
            for (check, count) in failing[kata] ?? [:] {
                heat.append(Dashboard.Heat(kata: kata, check: check, failing: count, attempted: attempted[kata] ?? 0))
            }
        }
        heat.sort { ($0.failing, $1.kata, $1.check) > ($1.failing, $0.kata, $0.check) }
        return Dashboard(
            katas: room.katas, participants: rows.sorted { $0.name.lowercased() < $1.name.lowercased() }, heat: heat,
            room: room, resultCount: resultCount, generatedAt: now)
    }
}
