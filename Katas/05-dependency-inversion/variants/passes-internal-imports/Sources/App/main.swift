internal import Items
internal import Login

/// Signs in as a demo user and shows the list.
func runShelf() async {
    let login = makeLoginViewModel()
    login.userName = "ann"
    login.password = "secret"
    await login.signIn()
    print(login.message)

    let items = makeItemListViewModel()
    await items.reload()
    items.lines.forEach { print($0) }
}

await runShelf()
