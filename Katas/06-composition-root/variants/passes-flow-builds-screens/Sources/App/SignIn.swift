import APIClient
import KataSupport
import Login

/// The server's `POST /session`, as the sign-in adapter needs it.
typealias PostSession = (
    CredentialsDTO, @escaping @Sendable (Result<APIResponse<SessionDTO>, TransportError>) -> Void
) -> Void

/// Turns `post` into the `Authenticate` the sign-in screen asks for: the typed credentials go
/// out as a `CredentialsDTO`, and the answer comes back in the screen's words.
func signInAdapter(_ post: @escaping PostSession) -> Authenticate {
    { credentials, completion in
        post(CredentialsDTO(user: credentials.userName, password: credentials.password)) { answer in
            completion(answer.mapError { _ in LoginError.offline }.flatMap(session(from:)))
        }
    }
}

/// What an HTTP answer to `POST /session` means: 200 with a session is a sign-in, 401 is a
/// wrong password, everything else is the server's fault.
private func session(from response: APIResponse<SessionDTO>) -> Result<Session, LoginError> {
    switch response.status {
    case 200:
        guard let dto = response.body else { return .failure(.serverProblem) }
        return .success(Session(userName: dto.user, token: dto.token))
    case 401:
        return .failure(.invalidCredentials)
    default:
        return .failure(.serverProblem)
    }
}
