import Foundation

/// A random identifier for this installation of Shelf, sent with every request as
/// `X-Install-ID` so the server can count devices.
public final class InstallationID {
    public let value: String

    public init() {
        value = UUID().uuidString
    }
}
