import DIKataCore
import Foundation
import Synchronization
import TerminalUI

/// The facilitator's live terminal dashboard: fetches the room every second and redraws.
public struct DashboardLoop {
    public var terminal: any TerminalDevice
    public var now: @Sendable () -> Date
    /// Waits between fetches: `Task.sleep` live, the test clock in tests.
    public var pause: @Sendable (Duration) async -> Void
    public var fetch: @Sendable () async -> Result<Dashboard, TutorialFailure>

    public init(
        terminal: any TerminalDevice, now: @escaping @Sendable () -> Date,
        pause: @escaping @Sendable (Duration) async -> Void,
        fetch: @escaping @Sendable () async -> Result<Dashboard, TutorialFailure>
    ) {
        self.terminal = terminal
        self.now = now
        self.pause = pause
        self.fetch = fetch
    }

    public func run(theme: Theme) async -> Int32 {
        let latest = Mutex<(Dashboard?, String?)>((nil, nil))
        let fetch = self.fetch
        let pause = self.pause
        let poller = Task.detached {
            while !Task.isCancelled {
                let result = await fetch()
                latest.withLock { state in
                    switch result {
                    case .success(let dashboard): state = (dashboard, nil)
                    case .failure(let failure): state = (state.0, failure.message)
                    }
                }
                await pause(.seconds(1))
            }
        }
        defer { poller.cancel() }
        var exitStatus: Int32 = 0
        loop: while true {
            let (dashboard, error) = latest.withLock { $0 }
            let size = terminal.size
            terminal.draw(
                DashboardScreen(dashboard: dashboard, error: error, now: now(), theme: theme).render(
                    rows: size.rows, cols: size.cols))
            switch await terminal.read(timeout: 250) {
            case .signal(let signal):
                exitStatus = 128 + signal
                break loop
            case .key(.character("q")), .key(.escape), .key(.interrupt):
                break loop
            default:
                continue
            }
        }
        terminal.close()
        return exitStatus
    }
}
