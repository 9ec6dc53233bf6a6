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
            // Meant to wait for the network to come back; nothing ever resumes it.
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}
