import Items
import Login

/// Signs in as a demo user and shows the list.
func runShelf() async {
    let login = LoginViewModel()
    login.userName = "ann"
    login.password = "secret"
    await login.signIn()
    print(login.message)

    let items = ItemListViewModel()
    await items.reload()
    items.lines.forEach { print($0) }
}

await runShelf()
