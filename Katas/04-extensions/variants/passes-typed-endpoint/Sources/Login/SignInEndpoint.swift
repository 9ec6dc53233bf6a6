import APIClient
import Foundation

extension Endpoint where Response == User {
    /// `POST /session` with the credentials as a JSON object: the signed-in account.
    static func session(user: String, password: String) -> Self {
        let credentials = try? JSONEncoder().encode(["user": user, "password": password])
        return Endpoint(APIRequest(method: "POST", path: "/session", body: credentials))
    }
}

extension ServerAPIClient {
    /// Signs in with the typed credentials.
    func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        execute(
            .session(user: user, password: password),
            file: file, line: line, function: function, completion: completion)
    }
}
