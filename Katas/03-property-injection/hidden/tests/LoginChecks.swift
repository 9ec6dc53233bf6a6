import APIClient
import KataSupport
import Login
import Testing

@MainActor
@Test func signInUsesInjectedClient() async throws {
    let server = RecordingTransport.shelf(user: "grace")
    let login = LoginViewModel()
    login.client = stagingClient(server)
    login.user = "grace"
    login.password = "pw"

    let leaks = await productionRequests {
        await login.signIn()
    }

    try Expect.require(
        leaks.isEmpty,
        "signIn() reached the production server (\(describe(leaks))) although the test had set login.client: that call does not go through the screen's own client yet.")
    Expect.that(
        server.requests.map(\.summary) == ["POST /session"],
        "signIn() should send one request through the client set on the screen; that client received \(describe(server.requests)).")
    Expect.that(
        login.state == .signedIn(Session(token: "token-grace", userName: "grace")),
        "The test's server signed grace in, but the screen shows \(login.state).")
}
