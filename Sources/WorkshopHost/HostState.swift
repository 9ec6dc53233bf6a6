import DIKataCore
import Foundation

/// The host's live state around the store: the room, its secrets, rate limits, the dashboard's
/// running aggregate and the dashboards that follow changes. An actor, so requests never race
/// on it; each change costs time proportional to itself, never to the number of results.
public actor HostState {
    nonisolated public let store: WorkshopStore
    nonisolated public let katas: [String]
    nonisolated public let quota: HostQuota
    /// The host regrades shared code (`--verify`): the dashboard's trust is then per cell.
    nonisolated public let regrades: Bool
    let now: @Sendable () -> Date
    let secretMaker: SecretMaker
    var secrets: HostSecrets
    var room: RoomState
    var joinsOpen: Bool
    var limiter = RateLimiter()
    var aggregate: DashboardAggregate
    var storedBytes: [String: Int]
    var participantsByToken: [String: WorkshopStore.Participant] = [:]
    var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextSubscriber = 0
    var closed = false
    /// Counts changes; the dashboard's JSON is cached by it.
    public internal(set) var version = 0

    /// Opens the room stored in `store`, creating its join code and tokens on first use.
    public init(
        store: WorkshopStore, katas: [String], dependencies: HostDependencies, quota: HostQuota = .classroom,
        regrades: Bool = false
    ) throws {
        let now = dependencies.now
        let maker = SecretMaker(randomBytes: dependencies.randomBytes)
        self.store = store
        self.now = now
        self.quota = quota
        self.regrades = regrades
        self.secretMaker = maker
        secrets = HostSecrets(
            joinCode: try store.setting("join_code") { maker.joinCode(length: 6) },
            facilitatorToken: try store.setting(HostRole.facilitator.settingKey) { maker.token(bytes: 32) },
            projectorToken: try store.setting(HostRole.projector.settingKey) { maker.token(bytes: 32) })
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
        joinsOpen = try store.setting("joins_open") != "false"
        aggregate = try Self.restoringVerifications(
            DashboardAggregate(
                participants: try store.participants().map { ($0.id, $0.name, $0.lastSeen) },
                attempts: try store.attempts()),
            from: store)
        storedBytes = try store.storedBytes()
    }

    public func currentRoom() -> RoomState { room }
    public func currentSecrets() -> HostSecrets { secrets }
    public var joinCode: String { secrets.joinCode }

    // MARK: - Rate limits

    /// True when the caller may make another request now (by default a participant's rate).
    public func allow(_ key: String, capacity: Double = 30, perSecond: Double = 10) -> Bool {
        limiter.allow(key, rate: .init(capacity: capacity, perSecond: perSecond), at: now())
    }

    func allow(_ key: String, rate: RateLimiter.Rate) -> Bool { limiter.allow(key, rate: rate, at: now()) }

    // MARK: - Authentication

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
        return allow("participant " + participant.id, rate: .participant) ? .participant(participant) : .slowDown
    }

    /// The role of a facilitator or projector token; nil for any other text.
    public func role(of token: String) -> HostRole? { secrets.role(of: token) }

    // MARK: - Results

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

    struct PendingResult {
        var submission: ResultSubmission
        var participant: String
        var continuation: CheckedContinuation<Bool, any Error>
    }

    var pendingResults: [PendingResult] = []
    var writing = false

    private func writePending() {
        let batch = pendingResults
        pendingResults = []
        writing = false
        guard !batch.isEmpty else { return }
        let time = now()
        do {
            let added = try store.addResults(batch.map { ($0.submission, $0.participant) }, at: time)
            for (pending, wasAdded) in zip(batch, added) {
                if wasAdded {
                    aggregate.add(.init(participant: pending.participant, submission: pending.submission))
                    aggregate.seen(id: pending.participant, at: time)
                }
                pending.continuation.resume(returning: wasAdded)
            }
            if added.contains(true) { changed() }
        } catch {
            for pending in batch { pending.continuation.resume(throwing: error) }
        }
    }

    /// Whether `participant` may store `bytes` more of results (the storage quota).
    public func reserve(_ bytes: Int, for participant: String) -> Bool {
        let used = storedBytes[participant, default: 0]
        guard used + bytes <= quota.bytesPerParticipant else { return false }
        storedBytes[participant] = used + bytes
        return true
    }

    // MARK: - Pacing

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

    // MARK: - The dashboard

    /// The dashboard now, built from the running aggregate.
    public func dashboard() -> Dashboard { Self.dashboard(aggregate, room: room, now: now(), regrades: regrades) }

    /// What the dashboard is made of, to build and encode it off the actor: cheap to copy.
    public func dashboardSnapshot() -> (version: Int, aggregate: DashboardAggregate, room: RoomState, now: Date) {
        (version, aggregate, room, now())
    }
}
