import Items

struct CachingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let cache: any ItemsCache

    func loadItems() async throws(ItemsError) -> [Item] {
        try await base.loadItems()
    }
}
