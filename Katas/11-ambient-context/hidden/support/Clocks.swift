import Foundation
import Synchronization

/// A clock that stands still until a check moves it.
final class StoppedClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        time = Mutex(start)
    }

    /// Pass this as the clock: `now: clock.now`.
    var now: @Sendable () -> Date {
        { self.time.withLock { $0 } }
    }

    func advance(minutes: Int) {
        time.withLock { $0.addTimeInterval(TimeInterval(minutes * 60)) }
    }
}

/// Lines something sent, in order.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var record: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(line) } }
    }
}

/// What the shelf's last line should say after `minutes` minutes.
func updatedLine(minutes: Int) -> String {
    switch minutes {
    case 0: "Updated just now"
    case 1: "Updated 1 minute ago"
    default: "Updated \(minutes) minutes ago"
    }
}
