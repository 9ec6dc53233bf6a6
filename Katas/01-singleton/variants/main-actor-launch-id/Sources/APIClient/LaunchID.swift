import Foundation

/// The compiler's fix-it: isolate the class to the main actor instead of making it Sendable.
@MainActor
public final class LaunchID {
    public static let shared = LaunchID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }
}
