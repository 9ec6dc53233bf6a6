import APIClient
import Items

/// The list screen's `ItemsLoader` for one signed-in user. It carries the session's token, so
/// Items never learns what a session is.
final class TokenItemsLoader: ItemsLoader {
    private let client: ServerAPIClient
    private let token: String

    /// Only stores what it is given: the list loads when the screen asks.
    init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        client.getItems(token: token) { answer in
            switch answer {
            case .failure:
                completion(.failure(.offline))
            case .success(let response):
                guard response.status == 200, let books = response.body else {
                    return completion(.failure(.serverProblem))
                }
                completion(.success(books.map(Item.init)))
            }
        }
    }
}

extension Item {
    /// One book as the server describes it, in the list screen's terms.
    init(_ dto: ItemDTO) {
        self.init(id: dto.id, title: dto.title, author: dto.author)
    }
}
