/// What the shelf screen needs from the outside world, in its own words.
public protocol ItemsLoader: Sendable {
    func loadItems() async throws(ItemsError) -> [Item]
    var offlineShelf: [Item] { get async }
}

extension ItemsLoader {
    public var offlineShelf: [Item] { get async { [] } }
}

/// Why the shelf could not be listed, as the screen explains it.
public enum ItemsError: Error, Sendable, Equatable {
    case offline
    case serverProblem
}
