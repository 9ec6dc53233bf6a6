/// Signs in as a demo user and shows the list, on screens built by the factories.
func runShelf() async {
    let login = makeLoginViewModel()
    login.userName = "ann"
    login.password = "secret"
    await login.signIn()
    print(login.message)

    let items = makeItemListViewModel()
    await items.reload()
    for line in items.lines {
        print(line)
    }
}

await runShelf()
