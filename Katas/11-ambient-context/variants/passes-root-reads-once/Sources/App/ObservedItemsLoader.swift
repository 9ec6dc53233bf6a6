import Items

/// A loader made of closures: how to load, and what to do with what was loaded.
struct ObservedItemsLoader: ItemsLoader {
    let load: @Sendable () async throws(ItemsError) -> [Item]
    let loaded: @Sendable ([Item]) -> Void

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await load()
        loaded(items)
        return items
    }
}
