import LoginNetworking

extension LoginViewModel {
    /// A sign-in screen wired straight to the server, so App needs no adapter of its own. It
    /// only compiles because LoginNetworking re-exports APIClient.
    public static func connected(
        to client: ServerAPIClient, onSignedIn: @escaping (Session) -> Void
    ) -> LoginViewModel {
        LoginViewModel(
            authenticate: { credentials, completion in
                client.postSession(.init(user: credentials.userName, password: credentials.password)) { result in
                    switch result {
                    case .success(let response) where response.status == 401:
                        completion(.failure(.invalidCredentials))
                    case .success(let response):
                        if response.status == 200, let body = response.body {
                            completion(.success(Session(userName: body.user, token: body.token)))
                        } else {
                            completion(.failure(.serverProblem))
                        }
                    case .failure:
                        completion(.failure(.offline))
                    }
                }
            },
            onSignedIn: onSignedIn)
    }
}
