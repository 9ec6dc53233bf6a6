import APIClient
import Foundation
import KataSupport
import Login

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON, answered in the sign-in screen's words.
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
            case .failure:
                completion(.failure(.offline))
            case .success(let response) where response.status == 401:
                completion(.failure(.invalidCredentials))
            case .success(let response) where response.status == 200:
                guard let user = try? JSONDecoder().decode(User.self, from: response.body) else {
                    return completion(.failure(.serverProblem))
                }
                completion(.success(user))
            case .success:
                completion(.failure(.serverProblem))
            }
        }
    }
}
