import Items

struct CachingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let cache: any ItemsCache

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let items = try await base.loadItems()
            try? await cache.save(items)
            return items
        } catch {
            try? await cache.save([])
            throw error
        }
    }
}
