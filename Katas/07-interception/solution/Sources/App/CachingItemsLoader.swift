import Items

/// A decorator: saves every list the loader it wraps delivers. A failed load saves nothing,
/// and a failed save costs the screen nothing: the books still arrive.
struct CachingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let cache: any ItemsCache

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await base.loadItems()
        try? await cache.save(items)
        return items
    }
}
