import Foundation

/// This run's identifier. `shared` is built from a value drawn once; nothing else can build one.
public final class LaunchID: Sendable {
    public static let shared = LaunchID(value: UUID().uuidString)

    /// The header the server groups requests by.
    package static let header = "X-Launch-ID"

    public let value: String

    private init(value: String) {
        self.value = value
    }
}
