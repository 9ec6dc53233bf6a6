import DIKataCore
import Foundation

/// Room control for the facilitator: who is in the room, removing and renaming participants,
/// closing and opening joins, and new secrets.
extension WorkshopClient {
    /// The participants, in joining order.
    public func members() async throws(WorkshopError) -> [RoomMember] {
        try await send("GET", "api/control/participants")
    }

    /// Removes a participant: their token stops working and their results leave the dashboard.
    public func kick(id: String) async throws(WorkshopError) -> [RoomMember] {
        try await send("POST", "api/control/kick", body: RoomControl.Member(id: id))
    }

    public func rename(id: String, to name: String) async throws(WorkshopError) -> [RoomMember] {
        try await send("POST", "api/control/rename", body: RoomControl.Rename(id: id, name: name))
    }

    /// Opens or closes joining (participants already in the room stay).
    public func setJoins(open: Bool) async throws(WorkshopError) {
        let _: RoomControl.Joins = try await send("POST", "api/control/joins", body: RoomControl.Joins(open: open))
    }

    /// Replaces a secret and returns the new one; the old one stops working at once.
    public func rotate(_ secret: RoomControl.Secret) async throws(WorkshopError) -> String {
        let rotated: RoomControl.Rotated = try await send(
            "POST", "api/control/rotate", body: RoomControl.Rotate(secret: secret))
        return rotated.value
    }

    /// The participant called `name` (any case), or a `rejected` error listing who is in the room.
    public func member(named name: String) async throws(WorkshopError) -> RoomMember {
        let members = try await members()
        guard let member = RoomMember.named(name, in: members) else {
            let names = members.map { TerminalText.inert($0.name) }.joined(separator: ", ")
            throw .rejected(
                status: 404,
                message:
                    "no participant is called \"\(TerminalText.inert(name))\" (in the room: \(names.isEmpty ? "nobody" : names))"
            )
        }
        return member
    }
}
