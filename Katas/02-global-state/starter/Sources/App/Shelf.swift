import Items
import Login

/// Runs Shelf once from start to finish: sign in, then list the user's items.
func runShelf() async {
    let login = LoginViewModel()
    login.user = "ada"
    login.password = "correct horse battery staple"
    await login.signIn()
    guard case .signedIn(let session) = login.state else {
        print("Sign-in screen: \(login.state)")
        return
    }
    print("Signed in as \(session.userName)")

    let shelf = ItemListViewModel(session: session)
    await shelf.reload()
    print("Shelf screen: \(shelf.state)")
}
