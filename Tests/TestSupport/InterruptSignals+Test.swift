import Foundation
import Grading

extension InterruptSignals {
    /// Signals a test sends by hand: `send(SIGINT)` wakes whoever waits on `next`.
    public static func manual() -> (signals: InterruptSignals, send: @Sendable (Int32) -> Void) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let signals = InterruptSignals {
            for await number in stream { return number }
            return nil
        }
        return (signals, { continuation.yield($0) })
    }
}
