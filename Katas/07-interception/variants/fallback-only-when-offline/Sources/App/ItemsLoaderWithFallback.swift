import Items

struct ItemsLoaderWithFallback: ItemsLoader {
    let primary: any ItemsLoader
    let fallback: any ItemsLoader

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            return try await primary.loadItems()
        } catch .offline {
            return try await fallback.loadItems()
        }
    }
}
