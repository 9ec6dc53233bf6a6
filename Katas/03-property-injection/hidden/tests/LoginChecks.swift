import APIClient
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func signInUsesInjectedClient() async throws {
    let ada = User(id: "u-1", name: "Ada")
    let stub = StubClient(account: ada)
    let screen = LoginViewModel()
    screen.client = stub

    let leaks = await productionCalls {
        await screen.signIn(user: "ada", password: "secret")
    }

    try #require(leaks.isEmpty, "\(leakReport(leaks, viewModel: "LoginViewModel"))")
    #expect(
        stub.calls == ["signIn(ada, secret)"],
        "signIn(user:password:) should ask the injected client once, with the typed credentials; it was asked \(stub.calls).")
    #expect(
        screen.state == .signedIn(ada),
        "The stub signed in Ada, but the screen shows \(screen.state).")
}
