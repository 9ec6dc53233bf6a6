import Foundation

public final class LaunchID {
    nonisolated(unsafe) public static let shared = LaunchID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }
}
