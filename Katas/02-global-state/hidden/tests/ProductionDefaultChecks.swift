import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test @MainActor func productionIsStillTheDefault() async {
    let login = loginScreen(user: "ada")
    let signInLog = await tripwireLog { await login.signIn() }
    let signInSent = signInLog.requests.map(\.summary)
    Expect.that(
        signInSent == ["POST /session"],
        "With no override bound, signIn() should reach the production server once with POST /session; it sent \(signInSent) there.")

    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    let reloadLog = await tripwireLog { await shelf.reload() }
    let reloadSent = reloadLog.requests.map(\.summary)
    Expect.that(
        reloadSent == ["GET /items"],
        "With no override bound, reload() should reach the production server once with GET /items; it sent \(reloadSent) there.")
}
