import DIKataCore
import Foundation

/// The host's live state around the store: the room, rate limits and the dashboards that
/// follow changes. An actor, so requests never race on it.
public actor HostState {
    nonisolated public let store: WorkshopStore
    nonisolated public let katas: [String]
    nonisolated public let joinCode: String
    nonisolated public let facilitatorToken: String
    private let now: @Sendable () -> Date
    private let secrets: SecretMaker
    private var room: RoomState
    private var buckets: [String: TokenBucket] = [:]
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextSubscriber = 0
    private var version = 0

    /// Opens the room stored in `store`, creating its join code and facilitator token on first use.
    public init(store: WorkshopStore, katas: [String], dependencies: HostDependencies) throws {
        let now = dependencies.now
        let secrets = SecretMaker(randomBytes: dependencies.randomBytes)
        self.store = store
        self.now = now
        self.secrets = secrets
        self.joinCode = try store.setting("join_code") { secrets.joinCode(length: 6) }
        self.facilitatorToken = try store.setting("facilitator_token") { secrets.token(bytes: 32) }
        let storedKatas = try store.setting("katas").map { $0.split(separator: ",").map(String.init) }
        self.katas = storedKatas ?? katas
        if storedKatas == nil {
            try store.setSetting(
                "katas", katas.joined(separator: ","), event: (kind: "open", payload: katas.joined(separator: ",")),
                at: now())
        }
        if let text = try store.setting("room"),
            let saved = try? WorkshopWire.decoder.decode(RoomState.self, from: Data(text.utf8))
        {
            room = saved
        } else {
            room = RoomState(katas: storedKatas ?? katas)
        }
    }

    public func currentRoom() -> RoomState { room }

    // MARK: - Rate limits

    /// True when the caller may make another request now (by default 10 per second, bursts of 30).
    public func allow(_ key: String, capacity: Double = 30, perSecond: Double = 10) -> Bool {
        let time = now()
        var bucket =
            buckets[key] ?? TokenBucket(capacity: capacity, perSecond: perSecond, tokens: capacity, updated: time)
        let allowed = bucket.take(at: time)
        buckets[key] = bucket
        return allowed
    }

    // MARK: - Participants

    private var participantsByToken: [String: WorkshopStore.Participant] = [:]

    public enum Authentication: Sendable {
        case participant(WorkshopStore.Participant)
        case unknown
        case slowDown
    }

    /// Who a token belongs to (cached after the first look-up), with the rate limit applied.
    public func authenticate(tokenHash: String) throws -> Authentication {
        let participant: WorkshopStore.Participant
        if let cached = participantsByToken[tokenHash] {
            participant = cached
        } else if let stored = try store.participant(tokenHash: tokenHash) {
            participantsByToken[tokenHash] = stored
            participant = stored
        } else {
            return .unknown
        }
        return allow("participant:" + participant.id) ? .participant(participant) : .slowDown
    }

    // MARK: - Changes

    /// Adds a participant; returns their id and the bearer token they authenticate with (only
    /// its hash is stored).
    public func join(name: String) throws -> (id: String, token: String) {
        let id = secrets.identifier()
        let token = secrets.token(bytes: 32)
        try store.addParticipant(id: id, name: name, tokenHash: WorkshopStore.hash(token), at: now())
        changed()
        return (id, token)
    }

    /// Stores a result and answers once it is committed. Results that arrive together are
    /// written in one transaction (group commit), so a burst costs one commit, not one each.
    public func addResult(_ submission: ResultSubmission, participant: String) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            pendingResults.append(
                PendingResult(submission: submission, participant: participant, continuation: continuation))
            if !writing {
                writing = true
                Task { self.writePending() }
            }
        }
    }

    private struct PendingResult {
        var submission: ResultSubmission
        var participant: String
        var continuation: CheckedContinuation<Bool, any Error>
    }

    private var pendingResults: [PendingResult] = []
    private var writing = false

    private func writePending() {
        let batch = pendingResults
        pendingResults = []
        writing = false
        guard !batch.isEmpty else { return }
        do {
            let added = try store.addResults(batch.map { ($0.submission, $0.participant) }, at: now())
            for (pending, wasAdded) in zip(batch, added) { pending.continuation.resume(returning: wasAdded) }
            if added.contains(true) { changed() }
        } catch {
            for pending in batch { pending.continuation.resume(throwing: error) }
        }
    }

    public func unlock(_ kata: String) throws {
        if !room.unlocked.contains(kata) { room.unlocked.append(kata) }
        try save(event: "unlock", payload: kata)
    }

    public func broadcast(_ text: String) throws {
        room.message = text
        room.messageSentAt = now()
        try save(event: "message", payload: text)
    }

    public func startCountdown(seconds: Int) throws {
        room.countdownEndsAt = now().addingTimeInterval(Double(seconds))
        try save(event: "countdown", payload: String(seconds))
    }

    private func save(event: String, payload: String) throws {
        let text = String(decoding: try WorkshopWire.encoder.encode(room), as: UTF8.self)
        try store.setSetting("room", text, event: (kind: event, payload: payload), at: now())
        changed()
    }

    public func dashboard() throws -> Dashboard {
        let participants = try store.participants().map { (id: $0.id, name: $0.name, lastSeen: $0.lastSeen) }
        return Dashboard.build(participants: participants, attempts: try store.attempts(), room: room, now: now())
    }

    // MARK: - Live updates

    /// A stream that yields each time something changes (for server-sent events).
    public func updates() -> AsyncStream<Int> {
        let id = nextSubscriber
        nextSubscriber += 1
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        subscribers[id] = continuation
        continuation.yield(version)
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    private func unsubscribe(_ id: Int) { subscribers.removeValue(forKey: id) }

    private func changed() {
        version += 1
        for continuation in subscribers.values { continuation.yield(version) }
    }
}

/// A token bucket: `capacity` requests at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    var capacity: Double
    var perSecond: Double
    var tokens: Double
    var updated: Date

    mutating func take(at time: Date) -> Bool {
        tokens = min(capacity, tokens + time.timeIntervalSince(updated) * perSecond)
        updated = time
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
