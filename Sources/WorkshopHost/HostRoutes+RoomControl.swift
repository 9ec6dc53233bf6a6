import DIKataCore
import Foundation
import Hummingbird

/// Room control for the facilitator: who is in the room, removing and renaming participants,
/// closing joins, and new secrets (the join code, or a token — the old one is revoked at once).
extension HostRoutes {
    struct MemberRequest: Codable, Sendable { var id: String }
    struct RenameRequest: Codable, Sendable {
        var id: String
        var name: String
    }
    struct JoinsRequest: Codable, Sendable { var open: Bool }
    /// `secret`: "join_code", "facilitator" or "projector".
    struct RotateRequest: Codable, Sendable { var secret: String }
    struct Rotated: Codable, Sendable {
        var secret: String
        var value: String
    }

    func registerRoomControl(on router: Router<Context>) {
        router.get("/api/control/participants") { request, context in
            try await self.facilitator(request, context)
            return try HostResponses.json(await self.state.members())
        }
        control(router, "kick", MemberRequest.self) { body in
            guard try await self.state.kick(body.id) else {
                throw HostResponses.error(.notFound, "no participant \(body.id)")
            }
            return try HostResponses.json(await self.state.members())
        }
        control(router, "rename", RenameRequest.self) { body in
            let name = try Self.validName(body.name)
            switch try await self.state.rename(body.id, to: name) {
            case .success: return try HostResponses.json(await self.state.members())
            case .failure(.nameTaken): throw Self.error(.nameTaken)
            case .failure: throw HostResponses.error(.notFound, "no participant \(body.id)")
            }
        }
        control(router, "joins", JoinsRequest.self) { body in
            try await self.state.setJoinsOpen(body.open)
            return try HostResponses.json(["open": body.open])
        }
        control(router, "rotate", RotateRequest.self) { body in
            let value: String
            switch body.secret {
            case "join_code": value = try await self.state.rotateJoinCode()
            case let name:
                guard let role = HostRole(rawValue: name) else {
                    throw HostResponses.error(.badRequest, "secret must be join_code, facilitator or projector")
                }
                value = try await self.state.rotate(role)
            }
            try self.options.secretsFile?.write(await self.state.currentSecrets())
            return try HostResponses.json(Rotated(secret: body.secret, value: value))
        }
    }
}
