import Foundation
import LoginNetworking

extension LoginViewModel {
    /// A sign-in screen wired straight to the server's v2 API, so App needs no adapter of its
    /// own. It only compiles because LoginNetworking re-exports APIClient.
    public static func connected(
        to client: ServerAPIClient, onSignedIn: @escaping (Session) -> Void = { _ in }
    ) -> LoginViewModel {
        LoginViewModel(
            authenticate: { credentials throws(LoginError) in
                try await postSession(credentials, through: client)
            },
            onSignedIn: onSignedIn)
    }
}

/// `POST /v2/session`, decoded straight into Login's own Session.
private func postSession(_ credentials: Credentials, through client: ServerAPIClient) async throws(LoginError) -> Session {
    let body = try? JSONEncoder().encode(["handle": credentials.user, "password": credentials.password])
    do {
        let answer: Answer = try await client.execute(Endpoint(method: "POST", path: "/v2/session", body: body))
        return Session(token: answer.accessToken, userName: answer.account.displayName)
    } catch .status(401) {
        throw .invalidCredentials
    } catch .transport {
        throw .offline
    } catch {
        throw .serverProblem
    }
}

/// The server's answer, only as much of it as the screen needs.
private struct Answer: Decodable {
    struct Account: Decodable {
        var displayName: String

        private enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
        }
    }

    var accessToken: String
    var account: Account

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case account
    }
}
