import Foundation

/// A random identifier for this installation of Shelf, sent with every request as
/// `X-Install-ID` so the server can count devices.
///
/// A singleton in the strict sense: `shared` is built once, from the one random value this
/// installation gets, and the only initializer is private, so neither feature code nor the
/// rest of APIClient can make a second one. The class is final and holds a single `let`
/// String, which is all the compiler needs to accept `Sendable`.
public final class InstallationID: Sendable {
    /// The only instance. A `static let` is created lazily and exactly once, even when many
    /// threads ask for it together.
    public static let shared = InstallationID(value: UUID().uuidString)

    public let value: String

    /// Wraps an identifier that `shared` chose. Private, so nobody can wrap another one.
    private init(value: String) {
        self.value = value
    }
}
