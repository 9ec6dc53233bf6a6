/// The books of the last good load, for the offline shelf.
public protocol SavedItemsSource: Sendable {
    func savedItems() async -> [Item]
}

extension SavedItemsSource {
    public func savedItems() async -> [Item] { [] }
}

/// What the shelf screen needs from the outside world, in its own words.
public protocol ItemsLoader: SavedItemsSource {
    func loadItems() async throws(ItemsError) -> [Item]
}

/// Why the shelf could not be listed, as the screen explains it.
public enum ItemsError: Error, Sendable, Equatable {
    case offline
    case serverProblem
}
