import Foundation

/// One per run of the app, by law.
public final class LaunchID: Sendable {
    public static let shared = LaunchID(value: draw())

    public let value: String

    private init(value: String) {
        self.value = value
    }

    private static func draw() -> String {
        UUID().uuidString.lowercased()
    }
}
