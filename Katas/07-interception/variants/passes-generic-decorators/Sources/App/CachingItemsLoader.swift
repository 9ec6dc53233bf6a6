import Items

/// Saves what the base delivers into `cache`.
struct CachingItemsLoader<Base: ItemsLoader, Cache: ItemsCache>: ItemsLoader {
    let base: Base
    let cache: Cache

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await base.loadItems()
        do {
            try await cache.save(items)
        } catch {
            // Saving is a side job: the books still go out.
        }
        return items
    }
}
