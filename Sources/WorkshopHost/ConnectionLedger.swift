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

    public init(
        maximumConnections: Int = 512, maximumPerAddress: Int = 32, headerTimeout: Duration = .seconds(15),
        bodyTimeout: Duration = .seconds(30), refusalGrace: Duration = .seconds(1), retryAfterSeconds: Int = 5
    ) {
        self.maximumConnections = maximumConnections
        self.maximumPerAddress = maximumPerAddress
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.refusalGrace = refusalGrace
        self.retryAfterSeconds = retryAfterSeconds
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
        /// Refused with `status` (503 when the host is full, 429 when this address is).
        case refused(status: Int, retryAfter: Int)
    }

    var limits: ConnectionLimits
    private(set) var open = 0
    private(set) var byAddress: [String: Int] = [:]

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Admits a connection from `address` (counting it) or refuses it (counting nothing).
    mutating func admit(_ address: String) -> Admission {
        guard open < limits.maximumConnections else {
            return .refused(status: 503, retryAfter: limits.retryAfterSeconds)
        }
        guard byAddress[address, default: 0] < limits.maximumPerAddress else {
            return .refused(status: 429, retryAfter: limits.retryAfterSeconds)
        }
        open += 1
        byAddress[address, default: 0] += 1
        return .admitted
    }

    /// Forgets an admitted connection from `address` that has closed.
    mutating func release(_ address: String) {
        guard let count = byAddress[address], count > 0 else { return }
        open -= 1
        byAddress[address] = count == 1 ? nil : count - 1
    }
}
