import APIClient
import Foundation

extension ServerAPIClient {
    /// `GET /friends`. The server answers with the people the user follows.
    func fetchFriends(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Friend], APIError>) -> Void
    ) {
        execute(APIRequest(method: "GET", path: "/friends"), file: file, line: line, function: function) { result in
            completion(
                result.flatMap { data in
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    guard let value = try? decoder.decode([Friend].self, from: data) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(value)
                })
        }
    }
}
