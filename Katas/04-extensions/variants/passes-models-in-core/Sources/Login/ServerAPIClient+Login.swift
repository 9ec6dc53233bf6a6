import APIClient
import Foundation

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON.
    package func signIn(user: String, password: String) async throws(APIError) -> Session {
        struct Credentials: Encodable {
            let user: String
            let password: String
        }
        let body = try? JSONEncoder().encode(Credentials(user: user, password: password))
        return try await execute(Endpoint(method: "POST", path: "/session", body: body))
    }
}
