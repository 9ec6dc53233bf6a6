import APIClient

/// Adapts the server's `GET /items` to the `ItemsLoader` the list screen asks for. It carries
/// the session's token, so Items never has to know what a session is.
public struct ServerItemsLoader: ItemsLoader {
    let client: ServerAPIClient
    let token: String

    public init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    public func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        client.getItems(token: token) { result in
            guard case .success(let response) = result else { return completion(.failure(.offline)) }
            guard response.status == 200, let items = response.body else { return completion(.failure(.serverProblem)) }
            completion(.success(items.map(Self.item(from:))))
        }
    }

    private static func item(from dto: ItemDTO) -> Item {
        Item(id: dto.id, title: dto.title, author: dto.author)
    }
}
