import Items

/// The primary's answer, or the fallback's when the primary fails.
struct ItemsLoaderWithFallback<Primary: ItemsLoader, Fallback: ItemsLoader>: ItemsLoader {
    let primary: Primary
    let fallback: Fallback

    func loadItems() async throws(ItemsError) -> [Item] {
        let first: ItemsError
        do {
            return try await primary.loadItems()
        } catch {
            first = error
        }
        guard let items = try? await fallback.loadItems() else { throw first }
        return items
    }
}
