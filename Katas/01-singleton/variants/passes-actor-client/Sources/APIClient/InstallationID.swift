import Foundation

/// A random identifier for this installation of Shelf, sent with every request as
/// `X-Install-ID` so the server can count devices.
///
/// One installation must never look like two, so the type hands out exactly one object:
/// `shared`. The initializer is private, and nothing else in APIClient calls it either.
/// Because the class is final and its one stored property is an immutable `String`, the
/// compiler accepts the plain `Sendable` conformance, and any thread may read `shared` without
/// waiting for an actor.
public final class InstallationID: Sendable {
    /// The single instance, made on first use. Swift initializes a `static let` exactly once,
    /// however many threads reach it at the same moment.
    public static let shared: InstallationID = InstallationID()

    /// The identifier itself, fixed for the life of the instance.
    public let value: String

    private init() {
        value = Self.makeValue()
    }

    /// A fresh random identifier. Only the private initializer asks for one.
    private static func makeValue() -> String {
        UUID().uuidString.lowercased()
    }
}
