import APIClient
import Foundation
import Login

/// Signs in on the Shelf server. Its `authenticate` has exactly the shape Login asks for, so
/// the app hands the method itself to the screen.
struct ServerSignIn: Sendable {
    let client: ServerAPIClient

    func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        let body = try? JSONEncoder().encode(["user": credentials.user, "password": credentials.password])
        let answer: Answer
        do {
            answer = try await client.execute(Endpoint(method: "POST", path: "/session", body: body))
        } catch .status(401) {
            throw .invalidCredentials
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
        return Session(token: answer.token, userName: answer.user_name)
    }

    /// `POST /session`'s answer, spelled as the server spells it.
    private struct Answer: Decodable {
        var token: String
        var user_name: String
    }
}
