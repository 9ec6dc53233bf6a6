import Items

struct ItemsLoaderWithFallback: ItemsLoader {
    private let loaders: [LoadItems]

    init(primary: some ItemsLoader, fallback: some ItemsLoader) {
        // Two named closures: Swift 6.3's compiler crashes on typed-throws closure literals
        // written straight into an array literal.
        let first: LoadItems = { () async throws(ItemsError) -> [Item] in try await primary.loadItems() }
        let second: LoadItems = { () async throws(ItemsError) -> [Item] in try await fallback.loadItems() }
        loaders = [first, second]
    }

    /// The first loader that answers; the first one's error when none does.
    func loadItems() async throws(ItemsError) -> [Item] {
        var firstError: ItemsError?
        for load in loaders {
            do {
                return try await load()
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .offline
    }
}
