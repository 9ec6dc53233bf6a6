internal import APIClient
internal import Foundation
internal import Items
internal import KataSupport

/// Plays the list screen's `ItemsLoader` with the server's `GET /items`. The endpoint below is
/// private to this file, so only this adapter can reach it.
final class ServerItemsLoader: ItemsLoader {
    private let client: ServerAPIClient

    init(client: ServerAPIClient) {
        self.client = client
    }

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        client.fetchItems(completion: completion)
    }
}

private extension ServerAPIClient {
    /// `GET /items`, decoded.
    func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void
    ) {
        execute(HTTPRequest(method: "GET", path: "/items"), file: file, line: line, function: function) { result in
            completion(result.mapError { _ in ItemsError.offline }.flatMap(Self.items(from:)))
        }
    }

    /// What a response to `GET /items` means to the list screen.
    static func items(from response: HTTPResponse) -> Result<[Item], ItemsError> {
        guard response.status == 200, let items = try? JSONDecoder().decode([Item].self, from: response.body) else {
            return .failure(.serverProblem)
        }
        return .success(items)
    }
}
