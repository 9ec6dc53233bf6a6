import APIClient
import Items
import KataSupport

/// The server's `GET /items` for one token, as the items adapter needs it.
typealias FetchItems = @Sendable (
    _ token: String, _ completion: @escaping @Sendable (Result<APIResponse<[ItemDTO]>, TransportError>) -> Void
) -> Void

/// The list screen's `ItemsLoader` for one session. It keeps the token and a way to fetch,
/// never the session or the client, so Items sees neither.
struct SessionItemsLoader: ItemsLoader {
    let token: String
    let fetch: FetchItems

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        fetch(token) { answer in
            completion(answer.mapError { _ in ItemsError.offline }.flatMap(items(from:)))
        }
    }
}

/// What an HTTP answer to `GET /items` means: a decoded 200 is the shelf, anything else is the
/// server's fault.
private func items(from response: APIResponse<[ItemDTO]>) -> Result<[Item], ItemsError> {
    guard response.status == 200, let books = response.body else { return .failure(.serverProblem) }
    return .success(books.map { Item(id: $0.id, title: $0.title, author: $0.author) })
}
