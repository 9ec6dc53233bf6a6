import APIClient
import Foundation
import KataSupport
import Login

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON.
    func signIn(
        _ credentials: Credentials,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, LoginError>) -> Void
    ) {
        let request = HTTPRequest(
            method: "POST", path: "/session", headers: ["Content-Type": "application/json"],
            body: try? JSONEncoder().encode(credentials))
        execute(request, file: file, line: line, function: function) { result in
            switch result {
            case .success(let response) where response.status == 200:
                if let user = try? JSONDecoder().decode(User.self, from: response.body) {
                    completion(.success(user))
                } else {
                    completion(.failure(.serverProblem))
                }
            case .success(let response) where response.status == 401:
                completion(.failure(.invalidCredentials))
            case .success:
                completion(.failure(.serverProblem))
            case .failure:
                completion(.failure(.offline))
            }
        }
    }
}
