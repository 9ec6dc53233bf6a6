import DIKataCore
import Foundation

/// How much one room may hold: participants, and result bytes per participant.
public struct HostQuota: Sendable, Equatable {
    public var maximumParticipants: Int
    public var bytesPerParticipant: Int

    public init(maximumParticipants: Int = 300, bytesPerParticipant: Int = 2 << 20) {
        self.maximumParticipants = maximumParticipants
        self.bytesPerParticipant = bytesPerParticipant
    }

    public static let classroom = HostQuota()
}

/// Why a join was refused.
public enum JoinRefusal: Error, Equatable, Sendable {
    case wrongCode
    case closed
    case full
    case nameTaken
}

extension HostState {
    // MARK: - Joining

    /// Adds a participant; returns their id and the bearer token they authenticate with (only
    /// its hash is stored). Names are unique in a room, whatever their case.
    public func join(code: String, name: String) throws -> Result<(id: String, token: String), JoinRefusal> {
        guard HostSecrets.constantTimeEqual(code, secrets.joinCode) else { return .failure(.wrongCode) }
        guard joinsOpen else { return .failure(.closed) }
        let members = aggregate.members
        guard members.count < quota.maximumParticipants else { return .failure(.full) }
        guard !members.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            return .failure(.nameTaken)
        }
        let id = secretMaker.identifier()
        let token = secretMaker.token(bytes: 32)
        let time = now()
        try store.addParticipant(id: id, name: name, tokenHash: WorkshopStore.hash(token), at: time)
        aggregate.join(id: id, name: name, lastSeen: time)
        changed()
        return .success((id, token))
    }

    // MARK: - Room control

    public func members() -> [RoomMember] {
        aggregate.members.map { RoomMember(id: $0.id, name: $0.name, lastSeen: $0.lastSeen) }
    }

    /// Removes a participant: their token stops working and their results leave the dashboard.
    public func kick(_ id: String) throws -> Bool {
        guard aggregate.members.contains(where: { $0.id == id }) else { return false }
        try store.remove(participant: id, at: now())
        aggregate.remove(id: id)
        participantsByToken = participantsByToken.filter { $0.value.id != id }
        storedBytes[id] = nil
        changed()
        return true
    }

    public func rename(_ id: String, to name: String) throws -> Result<Void, JoinRefusal> {
        let members = aggregate.members
        guard members.contains(where: { $0.id == id }) else { return .failure(.wrongCode) }
        guard !members.contains(where: { $0.id != id && $0.name.lowercased() == name.lowercased() }) else {
            return .failure(.nameTaken)
        }
        try store.rename(participant: id, to: name, at: now())
        aggregate.rename(id: id, to: name)
        participantsByToken = participantsByToken.mapValues {
            $0.id == id ? .init(id: id, name: name, lastSeen: $0.lastSeen) : $0
        }
        changed()
        return .success(())
    }

    public func setJoinsOpen(_ open: Bool) throws {
        joinsOpen = open
        try store.setSetting(
            "joins_open", open ? "true" : "false", event: (kind: "joins", payload: "\(open)"), at: now())
    }

    public func areJoinsOpen() -> Bool { joinsOpen }

    /// A new join code; the old one stops working (participants who joined stay).
    public func rotateJoinCode() throws -> String {
        secrets.joinCode = secretMaker.joinCode(length: 6)
        try store.setSetting("join_code", secrets.joinCode, event: (kind: "rotate", payload: "join_code"), at: now())
        return secrets.joinCode
    }

    /// A new token for `role`; the old one is revoked at once.
    public func rotate(_ role: HostRole) throws -> String {
        let token = secretMaker.token(bytes: 32)
        switch role {
        case .facilitator: secrets.facilitatorToken = token
        case .projector: secrets.projectorToken = token
        }
        try store.setSetting(role.settingKey, token, event: (kind: "rotate", payload: role.rawValue), at: now())
        return token
    }

    // MARK: - Live updates

    /// A stream that yields the version each time something changes (for server-sent events);
    /// it holds only the newest, so a slow reader gets one update for many changes.
    public func updates() -> AsyncStream<Int> {
        let id = nextSubscriber
        nextSubscriber += 1
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        guard !closed else {
            continuation.finish()
            return stream
        }
        subscribers[id] = continuation
        continuation.yield(version)
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    /// Ends every update stream (the host is shutting down) and refuses new ones.
    public func closeStreams() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    public var subscriberCount: Int { subscribers.count }

    private func unsubscribe(_ id: Int) { subscribers.removeValue(forKey: id) }

    func changed() {
        version += 1
        for continuation in subscribers.values { continuation.yield(version) }
    }
}
