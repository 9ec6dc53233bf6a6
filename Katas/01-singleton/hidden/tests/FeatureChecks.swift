import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func signInAndItemsSendTheSameInstallationID() async {
    // In this kata both screens still talk to the production client, so the tripwire log
    // shows exactly what they would have sent.
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
    guard requests.count == 3 else {
        Issue.record(
            "Expected two sign-ins and one reload() through ServerAPIClient.shared, but the production client was reached \(requests.count) times: \(describe(log.hits)).")
        return
    }
    let ids = requests.map { $0.headers["X-Install-ID"] ?? "(none)" }
    let sent = zip(log.hits, ids).map { site, id in "\(site) sent \(id)" }
    let oneID = Set(ids).count == 1 && ids[0] != "(none)"
    #expect(
        oneID,
        "One installation should send one X-Install-ID, but \(sent.joined(separator: "; ")).")
}
