import Items
import Login

/// Runs Shelf once from start to finish: sign in, then show the user's shelf.
@MainActor
func runShelf() async {
    let login = LoginViewModel()
    login.user = "ada"
    login.password = "correct horse battery staple"
    await login.signIn()
    print(login.lines.joined(separator: "\n"))
    guard case .signedIn(let session) = login.state else { return }

    let shelf = ItemListViewModel(session: session)
    await shelf.reload()
    print(shelf.lines.joined(separator: "\n"))
}
