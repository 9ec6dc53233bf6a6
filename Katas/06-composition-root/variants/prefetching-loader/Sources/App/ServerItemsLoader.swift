import APIClient
import Items
import Synchronization

/// Starts loading right away, so the list is ready sooner.
final class ServerItemsLoader: ItemsLoader, Sendable {
    private let client: ServerAPIClient
    private let token: String
    private let early = Mutex<Result<[Item], ItemsError>?>(nil)

    init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
        fetch { result in self.early.withLock { $0 = result } }
    }

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        if let result = early.withLock({ $0 }) {
            completion(result)
        } else {
            fetch(completion)
        }
    }

    private func fetch(_ completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        client.getItems(token: token) { result in
            guard case .success(let response) = result else { return completion(.failure(.offline)) }
            guard response.status == 200, let items = response.body else { return completion(.failure(.serverProblem)) }
            completion(.success(items.map { Item(id: $0.id, title: $0.title, author: $0.author) }))
        }
    }
}
