import Items

/// A decorator: writes one log line for every load, then hands on exactly what the loader it
/// wraps answered. Neither the screen nor the wrapped loader knows it is there.
struct LoggingItemsLoader: ItemsLoader {
    let base: any ItemsLoader
    let log: any LogSink

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let items = try await base.loadItems()
            log.write("items: loaded \(items.count)")
            return items
        } catch {
            log.write("items: failed (\(error))")
            throw error
        }
    }
}
