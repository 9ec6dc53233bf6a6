import Login

// Never called. It uses Login the way the visible Tests/LoginTests do, importing nothing else:
// it compiles once Login offers those shapes, whatever the learner named the function type.
@MainActor
func contractLoginInit() async -> Bool {
    let accepting = LoginViewModel(authenticate: { credentials in
        _ = credentials == Credentials(user: "grace", password: "pw")
        return Session(token: "token-grace", userName: "grace")
    })
    let refusing = LoginViewModel(authenticate: { _ throws(LoginError) in throw .invalidCredentials })
    let offline = LoginViewModel(authenticate: { _ throws(LoginError) in throw .offline })
    let broken = LoginViewModel(authenticate: { _ throws(LoginError) in throw .serverProblem })
    accepting.user = "grace"
    accepting.password = "pw"
    await accepting.signIn()
    _ = refusing.lines + offline.lines + broken.lines
    return accepting.state == .signedIn(Session(token: "token-grace", userName: "grace"))
        || refusing.state == .failed(.invalidCredentials)
}
