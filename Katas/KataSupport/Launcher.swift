/// Stands in for what an operating system hands an app when it starts (on iOS: the scene and
/// its window). Only `Launcher` can create one, so tests can never call code that needs it:
/// keep such code to a single line that hands over to something testable.
public struct LaunchToken: Sendable {
    /// Where this app's screens appear.
    public let terminal: Terminal

    fileprivate init() {
        terminal = Terminal()
    }
}

/// The app's window onto the user: lines written here are printed.
public struct Terminal: Sendable {
    fileprivate init() {}

    public func write(_ lines: [String]) {
        for line in lines { print(line) }
    }
}

/// Starts an app the way an operating system would: once, with a fresh token.
public enum Launcher {
    public static func launch(_ app: (LaunchToken) -> Void) {
        app(LaunchToken())
    }
}
