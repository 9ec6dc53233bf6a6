import APIClient
import Foundation

extension Endpoint where Response == Session {
    /// `POST /session` with the credentials as JSON.
    static func signIn(user: String, password: String) -> Self {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        return Endpoint(method: "POST", path: "/session", body: body)
    }
}

extension ServerAPIClient {
    func signIn(user: String, password: String) async throws(APIError) -> Session {
        try await execute(.signIn(user: user, password: password))
    }
}
