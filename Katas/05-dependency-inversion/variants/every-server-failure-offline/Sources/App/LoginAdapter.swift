import APIClient
import Foundation
import Login

extension ServerAPIClient {
    /// `POST /session`, in the sign-in screen's words: its `Authenticate` is exactly this
    /// method's shape, so the app passes `client.authenticate` as it is.
    func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        let body = try? JSONEncoder().encode(["user": credentials.user, "password": credentials.password])
        do {
            let answer: SessionJSON = try await execute(Endpoint(method: "POST", path: "/session", body: body))
            return Session(token: answer.token, userName: answer.userName)
        } catch {
            throw .offline
        }
    }
}

/// The server's answer to `POST /session`, in its own words.
private struct SessionJSON: Decodable {
    var token: String
    var userName: String

    private enum CodingKeys: String, CodingKey {
        case token
        case userName = "user_name"
    }
}
