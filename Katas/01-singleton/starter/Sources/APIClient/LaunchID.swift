import Foundation

/// A random identifier for one launch of Shelf, sent with every request as `X-Launch-ID`, so
/// the server can tell which requests came from the same run of the app.
public final class LaunchID {
    public let value: String

    public init() {
        value = UUID().uuidString
    }
}
