import Foundation

public final class LaunchID: Sendable {
    /// Computed: every read makes a new instance with a new value.
    public static var shared: LaunchID { LaunchID() }

    public let value: String

    private init() {
        value = UUID().uuidString
    }
}
