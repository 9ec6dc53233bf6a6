import APIClient
import KataSupport
import Login

/// Adapts the server's `POST /session` to the `Authenticate` function the sign-in screen asks for.
func serverAuthenticate(_ client: ServerAPIClient) -> Authenticate {
    { credentials, completion in
        let body = CredentialsDTO(user: credentials.userName, password: credentials.password)
        client.postSession(body) { result in
            // Nothing to say when there is no response at all... so nothing is said.
            guard case .success(let response) = result else { return }
            completion(loginResult(from: response))
        }
    }
}

/// What the server said, in the sign-in screen's words.
func loginResult(from response: APIResponse<SessionDTO>) -> Result<Session, LoginError> {
    switch (response.status, response.body) {
    case (200, let session?):
        return .success(Session(userName: session.user, token: session.token))
    case (401, _):
        return .failure(.invalidCredentials)
    default:
        return .failure(.serverProblem)
    }
}
