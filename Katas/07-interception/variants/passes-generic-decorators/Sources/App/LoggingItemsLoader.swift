import Items

/// Logs one line per load of whatever it wraps.
struct LoggingItemsLoader<Base: Sendable>: Sendable {
    let base: Base
    let log: any LogSink
}

extension LoggingItemsLoader: ItemsLoader where Base: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] {
        let result: Result<[Item], ItemsError>
        do {
            result = .success(try await base.loadItems())
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let items): log.write("items: \(items.count) loaded")
        case .failure(let error): log.write("items: load failed, \(error)")
        }
        return try result.get()
    }
}
