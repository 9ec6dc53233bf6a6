import Foundation

/// A participant as the facilitator's room control lists them.
public struct RoomMember: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var lastSeen: Date?

    public init(id: String, name: String, lastSeen: Date?) {
        self.id = id
        self.name = name
        self.lastSeen = lastSeen
    }

    /// The member called `name`, whatever its case (names are unique in a room, whatever their case).
    public static func named(_ name: String, in members: [RoomMember]) -> RoomMember? {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return members.first { $0.name.lowercased() == wanted }
    }
}

/// The bodies of the room-control routes (`/api/control/…`).
public enum RoomControl {
    public struct Member: Codable, Equatable, Sendable {
        public var id: String
        public init(id: String) { self.id = id }
    }

    public struct Rename: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    public struct Joins: Codable, Equatable, Sendable {
        public var open: Bool
        public init(open: Bool) { self.open = open }
    }

    /// A secret to replace: the old value stops working at once.
    public enum Secret: String, Codable, Equatable, Sendable, CaseIterable {
        case joinCode = "join_code"
        case facilitator
        case projector
    }

    public struct Rotate: Codable, Equatable, Sendable {
        public var secret: Secret
        public init(secret: Secret) { self.secret = secret }
    }

    public struct Rotated: Codable, Equatable, Sendable {
        public var secret: String
        public var value: String
        public init(secret: String, value: String) {
            self.secret = secret
            self.value = value
        }
    }

    /// The room as `dikata workshop room list` prints it: one line per participant, names made inert.
    public static func listing(_ members: [RoomMember], now: Date) -> String {
        guard !members.isEmpty else { return "No participants yet." }
        let width = min(WorkshopWire.maximumNameLength, members.map { TerminalText.inert($0.name).count }.max() ?? 0)
        let lines = members.map { member -> String in
            let name = TerminalText.inert(member.name)
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            let seen = member.lastSeen.map { "seen \(ago(now.timeIntervalSince($0))) ago" } ?? "never seen"
            return "  \(padded)  \(seen)"
        }
        return "\(members.count) participant\(members.count == 1 ? "" : "s"):\n" + lines.joined(separator: "\n")
    }

    static func ago(_ seconds: Double) -> String {
        let value = max(0, Int(seconds))
        if value < 60 { return "\(value) s" }
        if value < 3600 { return "\(value / 60) min" }
        return "\(value / 3600) h"
    }
}
