import Items

/// A composite: asks `primary`, and only when it fails asks `fallback`. When both fail, the
/// primary's reason is the one that counts.
struct ItemsLoaderWithFallback: ItemsLoader {
    let primary: any ItemsLoader
    let fallback: any ItemsLoader

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            return try await primary.loadItems()
        } catch {
            do {
                return try await fallback.loadItems()
            } catch _ {
                throw error
            }
        }
    }
}
