/// What the friends screen needs from the outside world, in its own words: the people the
/// user follows, or why they could not be listed.
///
/// Friends owns this boundary; the app adapts the server's client to it. `Sendable`, because
/// the screen lives on the main actor and the loader does its work off it.
public protocol FriendsLoader: Sendable {
    func loadFriends() async throws(FriendsError) -> [Friend]
}

/// Why the friends could not be listed, as the screen explains it.
public enum FriendsError: Error, Sendable, Equatable {
    /// The server could not be reached.
    case offline
    /// The server answered, but not in a way that makes sense.
    case serverProblem
}
