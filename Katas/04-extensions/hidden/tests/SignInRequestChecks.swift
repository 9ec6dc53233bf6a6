import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func signInPostsCredentialsAndDecodesAccount() async throws {
    let transport = RecordingTransport(responses: ["/session": Fixtures.session])
    let screen = LoginViewModel()
    screen.client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let leaks = await productionCalls {
        await screen.signIn(user: "ada", password: "s3cret")
    }

    try #require(leaks.isEmpty, "\(leakReport(leaks, screen: "LoginViewModel"))")
    let sent = transport.requests
    try #require(sent.count == 1, "Signing in should send one request; it sent \(describe(sent)).")
    #expect(
        sent[0].method == "POST" && sent[0].path == "/session",
        "Signing in sent \(describe(sent[0])); expected POST /session.")
    let credentials = sent[0].body.flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
    #expect(
        credentials == ["user": "ada", "password": "s3cret"],
        "The sign-in request should carry the JSON object {\"user\": \"ada\", \"password\": \"s3cret\"}; it sent \(describe(sent[0])).")
    guard case .signedIn(let account) = screen.state else {
        Issue.record("The server accepted the credentials, but the screen shows \(screen.state) instead of the account from the answer.")
        return
    }
    #expect(
        account.id == "u-7" && account.name == "Ada Lovelace",
        "The screen should show the account from the server's answer (u-7, Ada Lovelace), not \(account).")
}
