import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a long command learns that it should stop early (Ctrl-C, a CI timeout's SIGTERM).
/// Live: SIGINT and SIGTERM are caught instead of ending the process, so the command can
/// save what it finished and stop its own children. Tests send signals by hand.
public struct InterruptSignals: Sendable {
    /// Waits for the next signal and returns its number; nil when the waiting task is cancelled.
    public var next: @Sendable () async -> Int32?

    public init(next: @escaping @Sendable () async -> Int32?) {
        self.next = next
    }

    /// Catches SIGINT and SIGTERM from now on (their default action, ending the process, is
    /// replaced). Call once, at the composition root, for a command that traps them.
    public static func live() -> InterruptSignals {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        // Once nobody waits any more, the signals end the process again.
        let held = Mutex(sources)
        continuation.onTermination = { _ in
            held.withLock { $0.forEach { $0.cancel() } }
            for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
        }
        return InterruptSignals {
            for await number in stream { return number }
            return nil
        }
    }

    /// No signal ever arrives.
    public static let never = InterruptSignals {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        return nil
    }
}
