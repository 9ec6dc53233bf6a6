import Foundation

public final class LaunchID: Sendable {
    public static let shared = LaunchID()

    /// One instance, but its value is drawn again on every read.
    public var value: String { UUID().uuidString }

    private init() {}
}
