import Foundation

/// A random identifier for this installation of Shelf, sent with every request as
/// `X-Install-ID` so the server can count devices.
public final class InstallationID: Sendable {
    public static let shared = InstallationID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }

    /// A fresh identifier, for a user who wants to "reset" the device. The initializer is
    /// private, but this hands out a second instance all the same.
    public static func regenerated() -> InstallationID {
        InstallationID()
    }
}
