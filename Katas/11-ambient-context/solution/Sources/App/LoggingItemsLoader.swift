import Items

/// Logs each shelf load, around any loader: the screen neither knows nor cares that it is
/// logged.
struct LoggingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let log: @Sendable (String) -> Void

    func loadItems() async throws(ItemsError) -> [Item] {
        let items = try await base.loadItems()
        log("shelf: \(items.count) books")
        return items
    }
}
