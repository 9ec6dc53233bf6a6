import Crypto
import Foundation

/// Who a bearer token belongs to, beyond participants: the facilitator controls the room; the
/// projector only reads the dashboard (its link may be shown to the room).
public enum HostRole: String, Sendable, Codable, CaseIterable {
    case facilitator
    case projector

    /// The setting the token is kept under.
    var settingKey: String { "\(rawValue)_token" }
}

/// The room's secrets: the join code participants type, and the facilitator's and projector's tokens.
public struct HostSecrets: Sendable, Equatable {
    public var joinCode: String
    public var facilitatorToken: String
    public var projectorToken: String

    public func token(_ role: HostRole) -> String {
        switch role {
        case .facilitator: facilitatorToken
        case .projector: projectorToken
        }
    }

    /// The role whose token `candidate` is. Every token is compared in full, in time that does
    /// not depend on where they differ (digests compared byte by byte without stopping early).
    public func role(of candidate: String) -> HostRole? {
        var found: HostRole?
        for role in HostRole.allCases where Self.constantTimeEqual(candidate, token(role)) { found = role }
        return found
    }

    /// Equal texts, compared through their SHA-256 digests so length and content leak nothing.
    public static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(SHA256.hash(data: Data(left.utf8)))
        let b = Array(SHA256.hash(data: Data(right.utf8)))
        var difference: UInt8 = 0
        for index in 0..<min(a.count, b.count) { difference |= a[index] ^ b[index] }
        return difference == 0 && a.count == b.count
    }
}
