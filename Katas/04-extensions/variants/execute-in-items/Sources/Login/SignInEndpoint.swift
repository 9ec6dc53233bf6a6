import APIClient
import Items
import Foundation

// Login's own endpoint. Only Login compiles against it, and only Login changes when it does.
extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON. The server answers with the account.
    func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        let credentials = try? JSONEncoder().encode(["user": user, "password": password])
        execute(
            APIRequest(method: "POST", path: "/session", body: credentials),
            file: file, line: line, function: function, completion: completion)
    }
}
