import APIClient
import Items

/// A loader made of one function: whoever builds it decides where the books come from.
struct ItemsLoading: ItemsLoader {
    let load: @Sendable () async throws(ItemsError) -> [Item]

    func loadItems() async throws(ItemsError) -> [Item] {
        try await load()
    }
}

extension ItemsLoading {
    /// The books of the user `token` belongs to, from `client`'s `GET /items`.
    static func server(_ client: ServerAPIClient, token: String) -> ItemsLoading {
        ItemsLoading { () async throws(ItemsError) -> [Item] in
            // A closure does not infer the error type of its `do`, so it is written out.
            do throws(APIError) {
                return try await client.execute(Endpoint(method: "GET", path: "/items", token: token))
            } catch .transport {
                throw .offline
            } catch {
                throw .serverProblem
            }
        }
    }
}
