import APIClient
import Items

/// Adapts the server's `GET /v2/items` to the loader the shelf screen asks for. It carries the
/// session's token, so Items never has to know what a session is. It also saves each good
/// answer for the offline shelf, and writes one log line per load.
struct ServerItemsLoader: ItemsLoader {
    let client: ServerAPIClient
    let token: String
    let store: ShelfStore
    let log: any LogSink

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let page = try await client.getItems(token: token)
            let items = page.items.map {
                Item(id: $0.id, title: $0.title, author: $0.authors.joined(separator: ", "))
            }
            try? await store.save(items)
            log.write("items: loaded \(items.count)")
            return items
        } catch .transport {
            log.write("items: offline")
            throw .offline
        } catch {
            log.write("items: server problem")
            throw .serverProblem
        }
    }

    func savedItems() async -> [Item] {
        await store.items ?? []
    }
}
