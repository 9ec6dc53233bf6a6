import Foundation
import Login

extension ServerAPIClient {
    /// `POST /v2/session`, answered in Login's words.
    public func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        let body = try? JSONEncoder().encode(["handle": credentials.user, "password": credentials.password])
        do {
            let answer: SignInAnswer = try await execute(Endpoint(method: "POST", path: "/v2/session", body: body))
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

/// The server's answer, as the server spells it.
private struct SignInAnswer: Decodable {
    struct Account: Decodable {
        var display_name: String
    }

    var access_token: String
    var account: Account
}
