import APIClient

/// `GET /v2/items`'s answer, decoded right where the shelf needs it.
struct ShelfPageDTO: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var id: Int
        var title: String
        var authors: [String]
    }

    var items: [Entry]
}

/// The shelf as the server lists it.
public struct ServerItemsLoader: ItemsLoader {
    let client: ServerAPIClient
    let token: String

    public init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    public func loadItems() async throws(ItemsError) -> [Item] {
        do {
            let page: ShelfPageDTO = try await client.execute(Endpoint(method: "GET", path: "/v2/items", token: token))
            return page.items.map { Item(id: $0.id, title: $0.title, author: $0.authors.joined(separator: ", ")) }
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
