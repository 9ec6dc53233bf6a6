import Foundation

/// A random identifier for one launch of Shelf, sent with every request as `X-Launch-ID`, so
/// the server can tell which requests came from the same run of the app.
///
/// Two of them would make one launch look like two, so this is a singleton in the strict
/// sense: `shared` is the only instance there will ever be, because nobody else can call the
/// initializer. It is `Sendable` because its only stored property is an immutable `String`.
public final class LaunchID: Sendable {
    /// This launch's identifier, created the first time anybody asks for it.
    public static let shared = LaunchID()

    public let value: String

    private init() {
        value = UUID().uuidString
    }
}
