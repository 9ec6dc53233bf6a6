import APIClient
import Login

extension ServerAPIClient {
    /// `POST /v2/session`, in the sign-in screen's words: its `Authenticate` is exactly this
    /// method's shape, so the root passes `client.authenticate` as it is.
    func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        do {
            let answer = try await postSession(CredentialsDTO(handle: credentials.user, password: credentials.password))
            return Session(token: answer.accessToken, userName: answer.account.displayName)
        } catch .status(401) {
            throw .invalidCredentials
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
