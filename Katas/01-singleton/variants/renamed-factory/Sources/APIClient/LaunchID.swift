import Foundation

public final class LaunchID: Sendable {
    public static let shared = LaunchID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }

    /// "Only for previews": a second launch ID one call away under another name.
    public static func fresh() -> LaunchID { LaunchID() }
}
