/// What the shelf screen needs from the outside world, in its own words: the user's books, or
/// why they could not be listed.
///
/// Items owns this boundary; the app adapts the server's client to it. `Sendable`, because the
/// screen lives on the main actor and the loader does its work off it.
public protocol ItemsLoader: Sendable {
    func loadItems() async throws(ItemsError) -> [Item]
}

/// Why the shelf could not be listed, as the screen explains it.
public enum ItemsError: Error, Sendable, Equatable {
    /// The server could not be reached.
    case offline
    /// The server answered, but not in a way that makes sense.
    case serverProblem
}
