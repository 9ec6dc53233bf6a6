import Foundation

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON. Kept here so every feature can sign in.
    public func openSession(user: String, password: String) async throws(APIError) -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        return try await execute(Endpoint(method: "POST", path: "/session", body: body))
    }
}
