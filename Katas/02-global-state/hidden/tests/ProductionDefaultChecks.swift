import APIClient
import Items
import KataSupport
import Login
import Testing

@Test func productionIsStillTheDefault() async {
    let login = loginScreen(user: "ada")
    let signInLog = await tripwireLog { await login.signIn() }
    #expect(
        signInLog.hits.count == 1,
        "With no override bound, signIn() should reach the production client (the tripwire) once; it reached it \(signInLog.hits.count) times.")

    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    let reloadLog = await tripwireLog { await shelf.reload() }
    #expect(
        reloadLog.hits.count == 1,
        "With no override bound, reload() should reach the production client (the tripwire) once; it reached it \(reloadLog.hits.count) times.")
}
