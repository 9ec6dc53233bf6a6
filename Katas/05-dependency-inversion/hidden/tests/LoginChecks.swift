import Login
import Testing

/// A sign-in screen whose authenticator records each call and answers with `answer`.
private func loginScreen(
    answering answer: Result<User, LoginError>, calls: Recorder<Credentials> = Recorder()
) -> LoginViewModel {
    let viewModel = LoginViewModel(authenticate: { credentials, completion in
        calls.record(credentials)
        completion(answer)
    })
    viewModel.userName = "ann"
    viewModel.password = "secret"
    return viewModel
}

@Test func signInShowsTheUser() async {
    let viewModel = loginScreen(answering: .success(User(name: "Ann Smith")))
    await viewModel.signIn()
    #expect(
        viewModel.state == .signedIn(User(name: "Ann Smith")),
        "The authenticator answered with the user Ann Smith, but the screen's state is \(viewModel.state).")
}

@Test func signInShowsEachFailure() async {
    for error in [LoginError.invalidCredentials, .offline, .serverProblem] {
        let viewModel = loginScreen(answering: .failure(error))
        await viewModel.signIn()
        #expect(
            viewModel.state == .failed(error),
            "The authenticator answered \(error), but the screen's state is \(viewModel.state).")
    }
}

@Test func signInSendsTheCredentialsOnce() async {
    let calls = Recorder<Credentials>()
    let viewModel = loginScreen(answering: .failure(.invalidCredentials), calls: calls)
    viewModel.userName = "bob"
    viewModel.password = "hunter2"
    await viewModel.signIn()
    let sent = calls.values
    #expect(sent.count == 1, "One tap on Sign in called the authenticator \(sent.count) times.")
    #expect(
        sent.first == Credentials(userName: "bob", password: "hunter2"),
        "The authenticator received \(sent.first.map { "\($0)" } ?? "nothing"), not the typed user name and password.")
}
