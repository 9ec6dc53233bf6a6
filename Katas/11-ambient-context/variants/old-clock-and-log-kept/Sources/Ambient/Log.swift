import Synchronization

/// The app's log, reachable from anywhere: `Log.shared.write("…")`.
///
/// Lines are printed. A test that wants to read them sends them somewhere else with
/// `redirect(to:)`, for everybody, until somebody redirects them again.
public final class Log: Sendable {
    public static let shared = Log()

    private let sink = Mutex<@Sendable (String) -> Void>({ print($0) })

    private init() {}

    public func write(_ line: String) {
        let sink = sink.withLock { $0 }
        sink(line)
    }

    public func redirect(to sink: @escaping @Sendable (String) -> Void) {
        self.sink.withLock { $0 = sink }
    }
}
