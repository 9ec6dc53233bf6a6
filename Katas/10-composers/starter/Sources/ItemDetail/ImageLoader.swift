/// What the detail screen needs from the outside world: the cover of one book, drawn as text.
///
/// ItemDetail owns this boundary; the app adapts the server's client to it.
public protocol ImageLoader: Sendable {
    func loadCover(itemID: Int) async throws(ImageError) -> String
}

/// Why a cover could not be shown.
public enum ImageError: Error, Sendable, Equatable {
    /// The server could not be reached.
    case offline
    /// The book has no cover, or the server's answer made no sense.
    case unavailable
}
