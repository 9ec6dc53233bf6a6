import Items

struct LoggingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let log: any LogSink

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await base.loadItems()
        log.write("items: loaded \(items.count)")
        return items
    }
}
