import APIClient
import Items

/// Plays the list screen's `ItemsLoader` role with the server's `GET /items`. A final class
/// whose only stored property is an immutable `Sendable` client, so the compiler can check the
/// `Sendable` that `ItemsLoader` asks for.
final class ServerItemsLoader: ItemsLoader {
    private let client: ServerAPIClient

    init(client: ServerAPIClient) {
        self.client = client
    }

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        client.fetchItems(completion: answeredOnce(completion, by: "GET /items"))
    }
}
