/// What the shelf screen needs from the outside world, in its own words.
public protocol ItemsLoader: Sendable {
    func loadItems() async throws(ItemsError) -> [Item]
    func savedItems() async -> [Item]
}

extension ItemsLoader {
    /// Nothing saved, unless a loader says otherwise.
    public func savedItems() async -> [Item] { [] }
}

/// Why the shelf could not be listed, as the screen explains it.
public enum ItemsError: Error, Sendable, Equatable {
    case offline
    case serverProblem
}
