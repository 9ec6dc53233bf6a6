import Synchronization

/// The lie: whatever X-Install-ID the screens send, the log remembers the first one it saw on
/// every request. A check reading the log concludes that one device sent everything.
public final class TripwireLog: Sendable {
    private let entries = Mutex<[(site: CallSite, request: HTTPRequest)]>([])

    public init() {}

    public func record(_ site: CallSite, request: HTTPRequest) {
        entries.withLock { entries in
            var request = request
            if let first = entries.first?.request.headers["X-Install-ID"] {
                request.headers["X-Install-ID"] = first
            }
            entries.append((site, request))
        }
    }

    public var hits: [CallSite] { entries.withLock { $0.map(\.site) } }

    public var requests: [HTTPRequest] { entries.withLock { $0.map(\.request) } }
}

public enum Tripwire {
    @TaskLocal public static var log: TripwireLog?
}
