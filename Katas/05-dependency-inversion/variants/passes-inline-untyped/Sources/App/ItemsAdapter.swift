import APIClient
import Items

/// The shelf as the server lists it, for one session's token. An actor, so it is Sendable
/// without any promise the compiler cannot check.
actor ServerShelf: ItemsLoader {
    private let client: ServerAPIClient
    private let token: String

    init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    func loadItems() async throws -> [Item] {
        do {
            return try await client.execute(Endpoint(method: "GET", path: "/items", token: token))
        } catch .transport {
            throw ItemsError.offline
        } catch {
            throw ItemsError.serverProblem
        }
    }
}
