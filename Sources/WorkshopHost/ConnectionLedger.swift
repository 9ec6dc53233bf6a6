import Foundation

/// How many connections the host holds open, and for how long it waits on each. A classroom
/// network is shared: one participant's script (or a curious neighbour) must not be able to
/// take every descriptor, nor keep a connection open by saying nothing.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections open at once, from everyone; beyond it the host answers 503.
    public var maximumConnections: Int
    /// Connections open at once from one address; beyond it the host answers 429.
    public var maximumPerAddress: Int
    /// From a connection's opening, or the end of its last response, to a complete request head.
    /// Covers idle keep-alive connections and heads sent a byte at a time.
    public var headerTimeout: Duration
    /// From a request's head to the end of its body.
    public var bodyTimeout: Duration
    /// How long a refused connection may take to send the request its refusal answers.
    public var refusalGrace: Duration
    /// The `Retry-After` a refusal carries, in seconds.
    public var retryAfterSeconds: Int
    /// Refused connections held open at once to answer them; beyond it a refused connection is
    /// closed at once, so a flood costs the host at most this many descriptors more.
    public var maximumRefusalsAnswered: Int

    public init(
        maximumConnections: Int = 512, maximumPerAddress: Int = 32, headerTimeout: Duration = .seconds(15),
        bodyTimeout: Duration = .seconds(30), refusalGrace: Duration = .seconds(1), retryAfterSeconds: Int = 5,
        maximumRefusalsAnswered: Int = 64
    ) {
        self.maximumConnections = maximumConnections
        self.maximumPerAddress = maximumPerAddress
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.refusalGrace = refusalGrace
        self.retryAfterSeconds = retryAfterSeconds
        self.maximumRefusalsAnswered = maximumRefusalsAnswered
    }

    /// What a facilitator's host uses: room for a few hundred participants, each with a kept
    /// connection and a dashboard or two.
    public static let classroom = ConnectionLimits()
}

/// The connections the host holds, by address: admits or refuses a new one. Pure; the server's
/// channel handler keeps one behind a lock.
struct ConnectionLedger: Sendable, Equatable {
    enum Admission: Equatable, Sendable {
        case admitted
        /// Refused with `status` (503 when the host is full, 429 when this address is), answered
        /// when the client asks; `release` it when it closes.
        case refused(status: Int, retryAfter: Int)
        /// Refused and closed at once: too many refusals are already waiting to be answered.
        case dropped
    }

    var limits: ConnectionLimits
    private(set) var open = 0
    private(set) var byAddress: [String: Int] = [:]
    private(set) var refusing = 0

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Admits a connection from `address`, or refuses it: answered while few refusals wait, else dropped.
    mutating func admit(_ address: String) -> Admission {
        let full = open >= limits.maximumConnections
        guard full || byAddress[address, default: 0] >= limits.maximumPerAddress else {
            open += 1
            byAddress[address, default: 0] += 1
            return .admitted
        }
        guard refusing < limits.maximumRefusalsAnswered else { return .dropped }
        refusing += 1
        return .refused(status: full ? 503 : 429, retryAfter: limits.retryAfterSeconds)
    }

    /// Forgets a connection that has closed, as it was admitted.
    mutating func release(_ address: String, _ admission: Admission) {
        switch admission {
        case .admitted: release(address)
        case .refused: refusing -= 1
        case .dropped: break
        }
    }

    /// Forgets an admitted connection from `address` that has closed.
    private mutating func release(_ address: String) {
        guard let count = byAddress[address], count > 0 else { return }
        open -= 1
        byAddress[address] = count == 1 ? nil : count - 1
    }
}
