@testable import App
import Items

// Never called: each interceptor wraps any loader (here, types the root has never seen),
// and they compose because each one is an ItemsLoader itself.
private struct ProbeLoader: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { [] }
}

private struct ProbeCache: ItemsCache {
    func save(_ items: [Item]) async throws {}
}

private struct ProbeLog: LogSink {
    func write(_ line: String) {}
}

func contractInterceptors() -> any ItemsLoader {
    let caching = CachingItemsLoader(base: ProbeLoader(), cache: ProbeCache())
    let withFallback = ItemsLoaderWithFallback(primary: caching, fallback: ProbeLoader())
    return LoggingItemsLoader(base: withFallback, log: ProbeLog())
}
