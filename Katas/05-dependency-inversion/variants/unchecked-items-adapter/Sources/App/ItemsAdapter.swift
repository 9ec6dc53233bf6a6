import APIClient
import Items

extension ServerAPIClient {
    /// `GET /items`: the books on the signed-in user's shelf.
    func fetchItems(token: String) async throws(APIError) -> [Item] {
        try await execute(Endpoint(method: "GET", path: "/items", token: token))
    }
}

/// Adapts the server's client to the loader the shelf screen asks for. It carries the
/// session's token, so Items never has to know what a session is.
final class ServerItemsLoader: ItemsLoader, @unchecked Sendable {
    var client: ServerAPIClient
    var token: String

    init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            return try await client.fetchItems(token: token)
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
