import Foundation

/// The wire format between participants, the facilitator and the workshop host (JSON,
/// snake_case keys, ISO 8601 dates). Shared by the host, the client and the dashboards.
public enum WorkshopWire {
    public static let maximumNameLength = 40
    public static let maximumCodeBytes = 200 * 1024
    public static let maximumMessageLength = 500

    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

public struct JoinRequest: Codable, Equatable, Sendable {
    public var code: String
    public var name: String
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

public struct JoinResponse: Codable, Equatable, Sendable {
    public var participantId: String
    /// The bearer token for every later request; only its hash is stored by the host.
    public var token: String
    public var room: RoomState
    public init(participantId: String, token: String, room: RoomState) {
        self.participantId = participantId
        self.token = token
        self.room = room
    }
}

/// One grade's summary, posted by a participant. `id` makes posting idempotent: the offline
/// queue may send the same result twice, the host counts it once.
public struct ResultSubmission: Codable, Equatable, Sendable {
    public struct Check: Codable, Equatable, Sendable {
        public var id: String
        public var status: CheckStatus
        public init(id: String, status: CheckStatus) {
            self.id = id
            self.status = status
        }
    }

    public var id: String
    public var kata: String
    public var points: Int
    public var maxPoints: Int
    public var passed: Bool
    public var checks: [Check]
    public var durationMilliseconds: Int
    public var gradedAt: Date
    /// The participant's files (path → text), only when they chose to share their code.
    public var code: [String: String]?

    public init(
        id: String, kata: String, points: Int, maxPoints: Int, passed: Bool, checks: [Check],
        durationMilliseconds: Int, gradedAt: Date, code: [String: String]? = nil
    ) {
        self.id = id
        self.kata = kata
        self.points = points
        self.maxPoints = maxPoints
        self.passed = passed
        self.checks = checks
        self.durationMilliseconds = durationMilliseconds
        self.gradedAt = gradedAt
        self.code = code
    }

    /// The summary of a verdict (without code).
    public init(id: String, verdict: Verdict, gradedAt: Date, code: [String: String]? = nil) {
        self.init(
            id: id, kata: verdict.kata.id, points: verdict.totals.points, maxPoints: verdict.totals.maxPoints,
            passed: verdict.outcome == .passed, checks: verdict.checks.map { Check(id: $0.id, status: $0.status) },
            durationMilliseconds: Int(verdict.duration * 1000), gradedAt: gradedAt, code: code)
    }
}

public struct ResultReceipt: Codable, Equatable, Sendable {
    public var id: String
    /// True when the host already had this result (a resend).
    public var duplicate: Bool
    public init(id: String, duplicate: Bool) {
        self.id = id
        self.duplicate = duplicate
    }
}

/// What every participant's screen shows of the room: unlocked stages, a message, a countdown.
public struct RoomState: Codable, Equatable, Sendable {
    public var katas: [String]
    /// Katas the facilitator has opened for everyone (gating is lifted for them).
    public var unlocked: [String]
    public var message: String?
    public var messageSentAt: Date?
    public var countdownEndsAt: Date?

    public init(
        katas: [String], unlocked: [String] = [], message: String? = nil, messageSentAt: Date? = nil,
        countdownEndsAt: Date? = nil
    ) {
        self.katas = katas
        self.unlocked = unlocked
        self.message = message
        self.messageSentAt = messageSentAt
        self.countdownEndsAt = countdownEndsAt
    }
}

/// Facilitator controls.
public struct UnlockRequest: Codable, Equatable, Sendable {
    public var kata: String
    public init(kata: String) { self.kata = kata }
}

public struct MessageRequest: Codable, Equatable, Sendable {
    public var text: String
    public init(text: String) { self.text = text }
}

public struct CountdownRequest: Codable, Equatable, Sendable {
    public var seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
}

public struct ErrorBody: Codable, Equatable, Sendable {
    public var error: String
    public init(error: String) { self.error = error }
}
