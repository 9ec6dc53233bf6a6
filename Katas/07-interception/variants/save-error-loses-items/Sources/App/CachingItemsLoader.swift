import Items

struct CachingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let cache: any ItemsCache

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await base.loadItems()
        do {
            try await cache.save(items)
        } catch {
            throw .serverProblem
        }
        return items
    }
}
