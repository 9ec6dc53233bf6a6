import Login
import Testing

/// The sign-in screen, tested the way Friends is: no server, no APIClient (this test target
/// depends on Login alone). These tests do not compile yet. They are the specification: read
/// what they pass to `LoginViewModel` and what they expect back, and give Login the types
/// that make them pass.
@MainActor
struct LoginTests {
    @Test func signingInShowsTheUserName() async {
        let login = LoginViewModel(authenticate: { credentials in
            #expect(credentials == Credentials(user: "grace", password: "pw"))
            return Session(token: "token-grace", userName: "grace")
        })
        login.user = "grace"
        login.password = "pw"

        await login.signIn()

        #expect(login.state == .signedIn(Session(token: "token-grace", userName: "grace")))
        #expect(login.lines.last == "Welcome, grace")
    }

    @Test func aRefusedSignInSaysWhy() async {
        let login = LoginViewModel(authenticate: { _ throws(LoginError) in throw .invalidCredentials })

        await login.signIn()

        #expect(login.state == .failed(.invalidCredentials))
        #expect(login.lines.last == "Wrong user name or password.")
    }

    @Test func offlineSaysSo() async {
        let login = LoginViewModel(authenticate: { _ throws(LoginError) in throw .offline })

        await login.signIn()

        #expect(login.lines.last == "Could not reach the server.")
    }
}
