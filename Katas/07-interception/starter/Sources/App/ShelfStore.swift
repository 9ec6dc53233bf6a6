import Items

/// Saving the shelf's books: a command, with nothing to answer.
protocol ItemsCache: Sendable {
    func save(_ items: [Item]) async throws
}

/// Where Shelf keeps the books of the last good load, so that a launch without a network can
/// still show them. It lives in memory here, standing in for a file on the device.
actor ShelfStore: ItemsCache {
    /// The books saved last, or nil when nothing was saved yet.
    private(set) var items: [Item]?

    init(items: [Item]? = nil) {
        self.items = items
    }

    func save(_ items: [Item]) throws {
        self.items = items
    }
}
