import Foundation

public final class LaunchID: Sendable {
    public static let shared = LaunchID()

    public let value: String

    // Still public: any code can draw a second launch ID.
    public init() {
        value = UUID().uuidString
    }
}
