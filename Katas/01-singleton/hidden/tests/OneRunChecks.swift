import APIClient
import Foundation
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

/// Two sign-ins and a reload through the screens, so through `ServerAPIClient.shared`: three
/// requests of one run of the app, which the tripwire log shows as they were sent.
@Test @MainActor func everyRequestOfOneRunSendsOneLaunchID() async {
    let (log, _) = await withTripwire {
        for user in ["ada", "grace"] {
            let login = LoginViewModel()
            login.user = user
            login.password = "pw"
            await login.signIn()
        }
        let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
        await shelf.reload()
    }
    let requests = log.requests
    guard requests.map(\.summary) == ["POST /session", "POST /session", "GET /items"] else {
        Expect.fail(
            "Two signIn() calls and one reload() should reach the production server through ServerAPIClient.shared (POST /session twice, then GET /items), but it saw \(describe(requests)).")
        return
    }

    let senders = ["the first signIn()", "the second signIn()", "reload()"]
    let ids = requests.map { $0.headers["X-Launch-ID"] ?? "" }
    let missing = zip(senders, ids).filter { $0.1.isEmpty }.map(\.0)
    guard missing.isEmpty else {
        Expect.fail("Every request should carry an X-Launch-ID header, but \(missing.joined(separator: ", ")) sent none.")
        return
    }
    let oneID = Set(ids).count == 1
    Expect.that(
        oneID,
        "One run of Shelf should send one X-Launch-ID, but it sent \(Set(ids).count): \(zip(senders, ids).map { "\($0) sent \($1)" }.joined(separator: "; ")).")
}
