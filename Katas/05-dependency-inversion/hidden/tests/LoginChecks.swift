import Login
import Testing

/// A sign-in screen whose authenticator records what it was given and answers `answer`. The
/// checks import Login alone: whatever the screen needs must be Login's own type.
@MainActor
private func signInScreen(answering answer: Result<Session, LoginError>, calls: Recorder<Credentials> = Recorder())
    -> LoginViewModel
{
    let login = LoginViewModel(authenticate: { credentials throws(LoginError) in
        calls.record(credentials)
        return try answer.get()
    })
    login.user = "grace"
    login.password = "pw"
    return login
}

@MainActor
@Test func signInShowsTheSessionFromTheAuthenticator() async {
    let session = Session(token: "token-9", userName: "Grace Hopper")
    let login = signInScreen(answering: .success(session))
    await login.signIn()
    Expect.that(
        login.state == .signedIn(session),
        "The authenticator answered with a session for Grace Hopper, but after signIn() the screen's state is \(login.state).")
    Expect.that(login.lines.last == "Welcome, Grace Hopper", "The screen's last line is \(login.lines.last ?? "missing").")
}

@MainActor
@Test func signInShowsEachFailureFromTheAuthenticator() async {
    let expected: [(LoginError, String)] = [
        (.invalidCredentials, "Wrong user name or password."),
        (.offline, "Could not reach the server."),
        (.serverProblem, "Something went wrong on our side."),
    ]
    for (error, line) in expected {
        let login = signInScreen(answering: .failure(error))
        await login.signIn()
        Expect.that(
            login.state == .failed(error),
            "The authenticator threw .\(error), but after signIn() the screen's state is \(login.state).")
        Expect.that(login.lines.last == line, "For .\(error) the screen's last line should be \"\(line)\".")
    }
}

@MainActor
@Test func signInHandsTheTypedCredentialsOverOnce() async {
    let calls = Recorder<Credentials>()
    let login = signInScreen(answering: .failure(.invalidCredentials), calls: calls)
    login.user = "bob"
    login.password = "hunter2"
    await login.signIn()
    let sent = calls.values
    Expect.that(sent.count == 1, "One signIn() called the authenticator \(sent.count) times.")
    Expect.that(
        sent.first == Credentials(user: "bob", password: "hunter2"),
        "The authenticator received \(sent.first.map { "\($0)" } ?? "nothing"), not the typed user name and password.")
}
