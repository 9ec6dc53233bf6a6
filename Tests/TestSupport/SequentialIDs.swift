import Synchronization
import Testing

/// Ids for tests: `id-1`, `id-2`, … in the order they are asked for, remembered. Pass `next`
/// wherever dikata takes `@Sendable () -> String` for a fresh id.
public final class SequentialIDs: Sendable {
    private let issuedIDs = Mutex<[String]>([])

    public init() {}

    public var next: @Sendable () -> String {
        {
            self.issuedIDs.withLock { ids in
                ids.append("id-\(ids.count + 1)")
                return ids[ids.count - 1]
            }
        }
    }

    /// Every id handed out so far.
    public var issued: [String] { issuedIDs.withLock { $0 } }

    /// Ids that must not be asked for: each request records an issue naming `caller`.
    public static func failing(_ caller: String = "newID") -> @Sendable () -> String {
        {
            Issue.record("A fresh id was asked for unexpectedly (\(caller)).")
            return "unexpected"
        }
    }
}
