import APIClient
import Foundation

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON. The server answers with the account.
    func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        let credentials = try? JSONEncoder().encode(["user": user, "password": password])
        execute(APIRequest(method: "POST", path: "/session", body: credentials), file: file, line: line, function: function) { result in
            completion(
                result.flatMap { data in
                    guard let value = try? JSONDecoder().decode(User.self, from: data) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(value)
                })
        }
    }
}
