import Login

// Never called: it only has to compile against the learner's Login module.
func contractLoginInit() -> LoginViewModel {
    let authenticate: Authenticate = { _, completion in completion(.success(User(name: "ann"))) }
    _ = authenticate
    return LoginViewModel(authenticate: { _, completion in completion(.failure(.invalidCredentials)) })
}
