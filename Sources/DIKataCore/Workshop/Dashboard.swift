import Foundation

/// The facilitator's view of the room: participants × katas, and which checks the room fails most.
public struct Dashboard: Codable, Equatable, Sendable {
    public enum CellStatus: String, Codable, Equatable, Sendable {
        case notStarted = "not_started"
        case failing
        case passed
    }

    public struct Cell: Codable, Equatable, Sendable {
        public var status: CellStatus
        public var bestPoints: Int
        public var maxPoints: Int
        public var attempts: Int
        public var lastAttemptAt: Date?
        /// The check failed in each of the last three attempts, when there is one: the learner is stuck on it.
        public var stuckOn: String?
        /// The host's latest regrade of this participant's shared code for the kata (`serve --verify`).
        public var verification: Verification?
        /// On a host that regrades (`--verify`), every cell with a result says verified, mismatch
        /// or self-reported (not regraded yet, or no shared code). nil on a host that does not
        /// regrade: the dashboard's `trust` applies.
        public var trust: Trust?

        public init(
            status: CellStatus, bestPoints: Int, maxPoints: Int, attempts: Int, lastAttemptAt: Date?, stuckOn: String?,
            verification: Verification? = nil, trust: Trust? = nil
        ) {
            self.status = status
            self.bestPoints = bestPoints
            self.maxPoints = maxPoints
            self.attempts = attempts
            self.lastAttemptAt = lastAttemptAt
            self.stuckOn = stuckOn
            self.verification = verification
            self.trust = trust
        }

        public static let empty = Cell(
            status: .notStarted, bestPoints: 0, maxPoints: 0, attempts: 0, lastAttemptAt: nil, stuckOn: nil)
    }

    public struct Participant: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        public var lastSeen: Date?
        public var cells: [String: Cell]

        public init(id: String, name: String, lastSeen: Date?, cells: [String: Cell]) {
            self.id = id
            self.name = name
            self.lastSeen = lastSeen
            self.cells = cells
        }
    }

    /// How many participants' latest attempt at a kata fails a check.
    public struct Heat: Codable, Equatable, Sendable {
        public var kata: String
        public var check: String
        public var failing: Int
        public var attempted: Int

        public init(kata: String, check: String, failing: Int, attempted: Int) {
            self.kata = kata
            self.check = check
            self.failing = failing
            self.attempted = attempted
        }
    }

    public var katas: [String]
    public var participants: [Participant]
    public var heat: [Heat]
    public var room: RoomState
    public var resultCount: Int
    public var generatedAt: Date
    /// How far the results can be trusted, on a host that does not regrade: "self-reported" —
    /// each participant's own dikata graded them and sent the summary. nil on a host that
    /// regrades (`--verify`), where each cell carries its own `trust`.
    public var trust: String?

    public init(
        katas: [String], participants: [Participant], heat: [Heat], room: RoomState, resultCount: Int,
        generatedAt: Date,
        trust: String? = Dashboard.selfReported
    ) {
        self.katas = katas
        self.participants = participants
        self.heat = heat
        self.room = room
        self.resultCount = resultCount
        self.generatedAt = generatedAt
        self.trust = trust
    }

    public static let selfReported = "self-reported"

    /// A stored result, as the dashboard needs it.
    public struct Attempt: Equatable, Sendable {
        public var participant: String
        public var submission: ResultSubmission
        public init(participant: String, submission: ResultSubmission) {
            self.participant = participant
            self.submission = submission
        }
    }

    /// Builds the dashboard from participants and their results. Pure.
    public static func build(
        participants: [(id: String, name: String, lastSeen: Date?)], attempts: [Attempt], room: RoomState, now: Date
    ) -> Dashboard {
        var rows: [Participant] = []
        var latest: [String: [String: ResultSubmission]] = [:]  // kata → participant → latest
        for participant in participants {
            var cells: [String: Cell] = [:]
            for kata in room.katas {
                let mine = attempts.filter { $0.participant == participant.id && $0.submission.kata == kata }
                    .map(\.submission).sorted { $0.gradedAt < $1.gradedAt }
                guard let last = mine.last else { continue }
                latest[kata, default: [:]][participant.id] = last
                let passed = mine.contains { $0.passed }
                cells[kata] = Cell(
                    status: passed ? .passed : .failing, bestPoints: mine.map(\.points).max() ?? 0,
                    maxPoints: last.maxPoints,
                    attempts: mine.count, lastAttemptAt: last.gradedAt, stuckOn: passed ? nil : stuckCheck(mine))
            }
            rows.append(
                Participant(id: participant.id, name: participant.name, lastSeen: participant.lastSeen, cells: cells))
        }
        var heat: [Heat] = []
        for kata in room.katas {
            let latestResults = Array((latest[kata] ?? [:]).values)
            var failing: [String: Int] = [:]
            var order: [String] = []
            for result in latestResults {
                for check in result.checks where check.status != .passed {
                    if failing[check.id] == nil { order.append(check.id) }
                    failing[check.id, default: 0] += 1
                }
            }
            for check in order {
                heat.append(
                    Heat(kata: kata, check: check, failing: failing[check] ?? 0, attempted: latestResults.count))
            }
        }
        heat.sort { ($0.failing, $1.kata, $1.check) > ($1.failing, $0.kata, $0.check) }
        return Dashboard(
            katas: room.katas, participants: rows.sorted { $0.name.lowercased() < $1.name.lowercased() }, heat: heat,
            room: room,
            resultCount: attempts.count, generatedAt: now)
    }

    /// A check that failed in each of the last three attempts.
    static func stuckCheck(_ attempts: [ResultSubmission]) -> String? {
        guard attempts.count >= 3 else { return nil }
        let lastThree = attempts.suffix(3)
        guard let first = lastThree.first else { return nil }
        return first.checks.first { check in
            check.status != .passed
                && lastThree.allSatisfy { attempt in
                    attempt.checks.contains { $0.id == check.id && $0.status != .passed }
                }
        }?.id
    }

    /// CSV export through the shared ``CSVTable`` writer: one row per participant and kata.
    public func csv() -> String {
        var table = CSVTable(header: [
            "participant", "kata", "status", "best_points", "max_points", "attempts", "last_attempt_at", "stuck_on",
            "trust",
        ])
        let formatter = ISO8601DateFormatter()
        for participant in participants {
            for kata in katas {
                let cell = participant.cells[kata] ?? .empty
                table.rows.append([
                    .text(participant.name), .text(kata), .text(cell.status.rawValue), .integer(cell.bestPoints),
                    .integer(cell.maxPoints), .integer(cell.attempts),
                    cell.lastAttemptAt.map { .text(formatter.string(from: $0)) } ?? .empty,
                    cell.stuckOn.map { .text($0) } ?? .empty,
                    .text(cell.trust == nil ? trust ?? Self.selfReported : cell.trustText),
                ])
            }
        }
        return table.rendered()
    }
}
