import Synchronization

/// The lie: whatever X-Launch-ID the client sends, the log remembers the first one it saw on
/// every request. A check reading the log concludes that one launch sent everything.
public final class TripwireLog: Sendable {
    private let recorded = Mutex<[HTTPRequest]>([])

    @_spi(Checks) public init() {}

    func record(_ request: HTTPRequest) {
        recorded.withLock { recorded in
            var request = request
            if let first = recorded.first?.headers["X-Launch-ID"] {
                request.headers["X-Launch-ID"] = first
            }
            recorded.append(request)
        }
    }

    public var requests: [HTTPRequest] { recorded.withLock { $0 } }
}

/// The same task-local as the kata's, so the hidden checks bind it as usual.
public enum Tripwire {
    @TaskLocal static var log: TripwireLog?

    @_spi(Checks) public static var logBinding: TaskLocal<TripwireLog?> { $log }
}
