import Foundation

/// What the host reads from the machine besides its database: the clock, random bytes and waiting,
/// and where it reports what went wrong without a request to answer. `live` is the system clock
/// and generator and standard error; tests pass a fixed clock and seeded bytes, so a join code, a
/// token or a participant id is something a test can predict, and a log they read.
public struct HostDependencies: Sendable {
    public var now: @Sendable () -> Date
    /// `count` uniformly random bytes. Secrets (tokens, join codes) and ids are all made from them.
    public var randomBytes: @Sendable (_ count: Int) -> [UInt8]
    /// Waits (the event streams' pace and heartbeats): `Task.sleep` live.
    public var pause: @Sendable (Duration) async -> Void
    /// One line for the host's operator (a regrade that could not be saved): standard error live.
    public var log: @Sendable (String) -> Void

    public init(
        now: @escaping @Sendable () -> Date, randomBytes: @escaping @Sendable (Int) -> [UInt8],
        pause: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        log: @escaping @Sendable (String) -> Void = Self.standardError
    ) {
        self.now = now
        self.randomBytes = randomBytes
        self.pause = pause
        self.log = log
    }

    /// Writes `line` to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("dikata-host: \(line)\n".utf8))
    }

    public static let live = HostDependencies(
        now: { Date() },
        randomBytes: { count in
            var generator = SystemRandomNumberGenerator()
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        })
}

/// The host's secrets and ids, made from `HostDependencies.randomBytes`.
struct SecretMaker: Sendable {
    var randomBytes: @Sendable (Int) -> [UInt8]

    /// Letters and digits that cannot be mistaken for one another when read aloud or off a
    /// projector (no 0/O, no 1/I/L).
    static let joinAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// `bytes` random bytes as lowercase hex: a bearer token.
    func token(bytes: Int) -> String {
        randomBytes(bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// A join code of `length` characters from `joinAlphabet`, without modulo bias: bytes at or
    /// above the largest multiple of the alphabet's size are drawn again.
    func joinCode(length: Int) -> String {
        let size = Self.joinAlphabet.count
        let limit = 256 - 256 % size
        var code: [Character] = []
        // A generator that keeps answering out of range (only a broken test value would) is
        // used as it is after a few rounds rather than looping forever.
        for round in 0..<16 where code.count < length {
            for byte in randomBytes(length - code.count) where code.count < length && (Int(byte) < limit || round == 15)
            {
                code.append(Self.joinAlphabet[Int(byte) % size])
            }
        }
        return String(code)
    }

    /// A random (version 4) UUID, lowercased: a participant's id.
    func identifier() -> String {
        var bytes = randomBytes(16)
        bytes += repeatElement(0, count: max(0, 16 - bytes.count))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }
}
