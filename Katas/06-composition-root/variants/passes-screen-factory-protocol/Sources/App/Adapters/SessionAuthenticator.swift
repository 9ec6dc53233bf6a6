import APIClient
import KataSupport
import Login

/// Puts the client's `POST /session` behind the sign-in screen's `Authenticate`: the method
/// `authenticate(_:completion:)` has exactly that shape, so the composer hands it over as is.
struct SessionAuthenticator: Sendable {
    let client: ServerAPIClient

    func authenticate(
        _ credentials: Credentials, completion: @escaping @Sendable (Result<Session, LoginError>) -> Void
    ) {
        client.postSession(CredentialsDTO(credentials)) { answer in
            completion(Result(signInAnswer: answer))
        }
    }
}

extension CredentialsDTO {
    /// What the user typed, in the shape the server reads.
    init(_ credentials: Credentials) {
        self.init(user: credentials.userName, password: credentials.password)
    }
}

extension Session {
    /// The session the server granted, in the sign-in screen's terms.
    init(_ dto: SessionDTO) {
        self.init(userName: dto.user, token: dto.token)
    }
}

extension Result<Session, LoginError> {
    /// What the server (or the lack of one) said about a sign-in, in the sign-in screen's words.
    init(signInAnswer answer: Result<APIResponse<SessionDTO>, TransportError>) {
        switch answer {
        case .failure:
            self = .failure(.offline)
        case .success(let response) where response.status == 401:
            self = .failure(.invalidCredentials)
        case .success(let response):
            if response.status == 200, let dto = response.body {
                self = .success(Session(dto))
            } else {
                self = .failure(.serverProblem)
            }
        }
    }
}
