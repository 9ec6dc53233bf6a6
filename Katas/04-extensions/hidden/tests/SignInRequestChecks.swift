import APIClient
import Foundation
import KataSupport
import Login
import Testing

@MainActor
@Test func signInPostsCredentialsAndDecodesTheSession() async throws {
    let server = RecordingTransport.shelf(user: "ada")
    let login = LoginViewModel()
    login.client = stagingClient(server)
    login.user = "ada"
    login.password = "s3cret"

    let leaks = await productionRequests {
        await login.signIn()
    }

    try Expect.require(
        leaks.isEmpty,
        "signIn() reached the production server (\(describe(leaks))) although the test had set login.client.")
    let sent = server.requests
    try Expect.require(sent.count == 1, "Signing in should send one request; it sent \(describe(sent)).")
    Expect.that(sent[0].summary == "POST /session", "Signing in sent \(describe(sent[0])); expected POST /session.")
    let credentials = sent[0].body.flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
    Expect.that(
        credentials == ["user": "ada", "password": "s3cret"],
        "The sign-in request should carry the JSON object {\"user\": \"ada\", \"password\": \"s3cret\"}; it sent \(describe(sent[0])).")
    if let problem = headerProblem(sent[0], token: nil) {
        Expect.fail("The sign-in request's headers changed: \(problem).")
    }
    Expect.that(
        login.state == .signedIn(Session(token: "token-ada", userName: "ada")),
        "The server answered with a session for ada, but the screen shows \(login.state).")

    // A refused sign-in still reports the server's status, so the screen can say why.
    let refusing = RecordingTransport.shelf()
    refusing.respond(to: "/session", with: Fixtures.unauthorized)
    login.client = stagingClient(refusing)
    await login.signIn()
    Expect.that(
        login.state == .failed(.status(401)),
        "The server refused the password with status 401, but the screen shows \(login.state): execute should report a status outside 200...299 as APIError.status before it tries to decode.")
}
