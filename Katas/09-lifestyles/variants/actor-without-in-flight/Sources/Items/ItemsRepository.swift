/// Remembers the books after the first load. An actor, but each load that starts before the
/// first one has answered asks the loader too: the actor is free again at every `await`.
public actor ItemsRepository: ItemsLoader {
    private let loader: any ItemsLoader
    private var cached: [Item]?

    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    public func loadItems() async throws(ItemsError) -> [Item] {
        if let cached { return cached }
        let items = try await loader.loadItems()
        cached = items
        return items
    }
}
