import Items

struct CachingItemsLoader: ItemsLoader {
    private let load: LoadItems
    private let save: @Sendable ([Item]) async throws -> Void

    init(base: some ItemsLoader, cache: any ItemsCache) {
        load = { () async throws(ItemsError) -> [Item] in try await base.loadItems() }
        save = { try await cache.save($0) }
    }

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await load()
        _ = try? await save(items)
        return items
    }
}
