import Foundation

public final class LaunchID: @unchecked Sendable {
    public static let shared = LaunchID()

    public var value: String

    private init() {
        value = UUID().uuidString
    }
}
