import APIClient
import Foundation
import Items
import KataSupport

extension ServerAPIClient {
    /// `GET /items`, decoded into the list screen's words.
    func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void
    ) {
        execute(HTTPRequest(method: "GET", path: "/items"), file: file, line: line, function: function) { result in
            switch result {
            case .failure:
                completion(.failure(.offline))
            case .success(let response) where response.status == 200:
                guard let items = try? JSONDecoder().decode([Item].self, from: response.body) else {
                    return completion(.failure(.serverProblem))
                }
                completion(.success(items))
            case .success:
                completion(.failure(.serverProblem))
            }
        }
    }
}
