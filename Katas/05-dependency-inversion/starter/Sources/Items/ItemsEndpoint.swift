import APIClient
import Foundation
import KataSupport

extension ServerAPIClient {
    /// `GET /items`, decoded.
    public func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void
    ) {
        execute(HTTPRequest(method: "GET", path: "/items"), file: file, line: line, function: function) { result in
            switch result {
            case .success(let response) where response.status == 200:
                if let items = try? JSONDecoder().decode([Item].self, from: response.body) {
                    completion(.success(items))
                } else {
                    completion(.failure(.serverProblem))
                }
            case .success:
                completion(.failure(.serverProblem))
            case .failure:
                completion(.failure(.offline))
            }
        }
    }
}
