import Foundation

/// A random identifier for this installation of Shelf, sent with every request as
/// `X-Install-ID` so the server can count devices.
///
/// Two of them would make one device look like two, so this is a singleton in the strict
/// sense: `shared` is the only instance there will ever be, because nobody else can call the
/// initializer. It is `Sendable` because its only stored property is an immutable `String`.
@MainActor
public final class InstallationID {
    /// The installation's identifier, created the first time anybody asks for it.
    public static let shared = InstallationID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }
}
