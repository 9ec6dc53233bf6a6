import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func productionIsStillTheDefault() async {
    let login = loginScreen(user: "ada")
    let signInLog = await tripwireLog { await login.signIn() }
    let signInReachedProduction = signInLog.hits.count == 1
    #expect(
        signInReachedProduction,
        "With no override bound, signIn() should reach the production client (the tripwire) once; it reached it \(signInLog.hits.count) times.")

    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    let reloadLog = await tripwireLog { await shelf.reload() }
    let reloadReachedProduction = reloadLog.hits.count == 1
    #expect(
        reloadReachedProduction,
        "With no override bound, reload() should reach the production client (the tripwire) once; it reached it \(reloadLog.hits.count) times.")
}
