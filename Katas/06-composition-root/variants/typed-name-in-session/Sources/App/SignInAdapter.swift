import APIClient
import KataSupport
import Login

/// Adapts the server's `POST /session` to the `Authenticate` function the sign-in screen asks for.
func serverAuthenticate(_ client: ServerAPIClient) -> Authenticate {
    { credentials, completion in
        let body = CredentialsDTO(user: credentials.userName, password: credentials.password)
        client.postSession(body) { result in
            completion(loginResult(from: result, userName: credentials.userName))
        }
    }
}

/// The translation table: what the server said, in the sign-in screen's words.
func loginResult(from result: Result<APIResponse<SessionDTO>, TransportError>, userName: String) -> Result<Session, LoginError> {
    guard case .success(let response) = result else { return .failure(.offline) }
    switch (response.status, response.body) {
    case (200, let session?):
        return .success(Session(userName: userName, token: session.token))
    case (401, _):
        return .failure(.invalidCredentials)
    default:
        return .failure(.serverProblem)
    }
}
