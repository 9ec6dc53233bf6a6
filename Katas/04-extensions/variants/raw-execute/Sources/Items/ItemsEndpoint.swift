import APIClient
import Foundation

extension ServerAPIClient {
    /// `GET /items`. The server answers with the user's shelf.
    func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        execute(APIRequest(method: "GET", path: "/items"), file: file, line: line, function: function) { result in
            completion(
                result.flatMap { data in
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    guard let value = try? decoder.decode([Item].self, from: data) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(value)
                })
        }
    }
}
