import Items

/// One way to load the shelf, as a value.
typealias LoadItems = @Sendable () async throws(ItemsError) -> [Item]

struct LoggingItemsLoader: ItemsLoader {
    private let load: LoadItems
    private let log: any LogSink

    init(base: some ItemsLoader, log: any LogSink) {
        load = { () async throws(ItemsError) -> [Item] in try await base.loadItems() }
        self.log = log
    }

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let items = try await load()
            log.write("shelf loaded (\(items.count) books)")
            return items
        } catch {
            log.write("shelf not loaded: \(error)")
            throw error
        }
    }
}

extension ItemsLoader {
    func logged(to log: any LogSink) -> LoggingItemsLoader { LoggingItemsLoader(base: self, log: log) }
    func caching(in cache: any ItemsCache) -> CachingItemsLoader { CachingItemsLoader(base: self, cache: cache) }
    func falling(back fallback: some ItemsLoader) -> ItemsLoaderWithFallback {
        ItemsLoaderWithFallback(primary: self, fallback: fallback)
    }
}
