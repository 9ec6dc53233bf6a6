import APIClient
import Items
import Foundation

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON.
    public func signIn(user: String, password: String) async throws(APIError) -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        return try await execute(Endpoint(method: "POST", path: "/session", body: body))
    }
}
