import APIClient
import Foundation

/// The server's answer to `POST /v2/session`.
struct AccessDTO: Decodable {
    struct Account: Decodable {
        var display_name: String
    }

    var access_token: String
    var account: Account
}

extension ServerAPIClient {
    /// `POST /v2/session`, answered in Login's words.
    public func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        let body = try? JSONEncoder().encode(["handle": credentials.user, "password": credentials.password])
        do {
            let answer: AccessDTO = try await execute(Endpoint(method: "POST", path: "/v2/session", body: body))
            return Session(token: answer.access_token, userName: answer.account.display_name)
        } catch .status(401) {
            throw .invalidCredentials
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
