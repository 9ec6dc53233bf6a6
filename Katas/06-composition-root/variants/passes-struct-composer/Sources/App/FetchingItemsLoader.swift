import APIClient
import Items

/// Turns one v2 page, fetched however the root decided, into the shelf's books.
struct FetchingItemsLoader: ItemsLoader {
    let fetch: @Sendable () async throws(APIError) -> ItemPageDTO

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            return try await fetch().items.map { Item(id: $0.id, title: $0.title, author: $0.authors.joined(separator: ", ")) }
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
