import APIClient
import Items

/// Adapts the server's `GET /v2/items` to the loader the shelf screen asks for. It carries the
/// session's token, so Items never has to know what a session is.
struct ServerItemsLoader: ItemsLoader {
    let client: ServerAPIClient
    let token: String

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let page = try await client.getItems(token: token)
            return page.items.map { Item(id: $0.id, title: $0.title, author: $0.authors.joined(separator: ", ")) }
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
