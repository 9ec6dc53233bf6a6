import APIClient
import Items
import Login
import Testing

@Test func screensKeepTheirOwnClients() async throws {
    let ada = User(id: "u-1", name: "Ada")
    let grace = User(id: "u-2", name: "Grace")
    let first = LoginViewModel()
    first.client = StubClient(account: ada)
    let second = LoginViewModel()
    second.client = StubClient(account: grace)

    await first.signIn(user: "ada", password: "one")
    await second.signIn(user: "grace", password: "two")

    try #require(
        first.state == .signedIn(ada),
        "Two LoginViewModels got different stubs, yet the first one ended up \(first.state) instead of signed in as Ada: each screen must use the client set on it, and only that one.")
    try #require(
        second.state == .signedIn(grace),
        "Two LoginViewModels got different stubs, yet the second one ended up \(second.state) instead of signed in as Grace.")

    let dune = [Item(id: 1, title: "Dune", isFavorite: true)]
    let solaris = [Item(id: 2, title: "Solaris", isFavorite: false)]
    let firstList = ItemListViewModel()
    firstList.client = StubClient(shelf: dune)
    let secondList = ItemListViewModel()
    secondList.client = StubClient(shelf: solaris)

    await firstList.reload()
    await secondList.reload()

    try #require(
        firstList.items == dune,
        "Two ItemListViewModels got different stubs, yet the first one shows \(firstList.items.map(\.title)) instead of [\"Dune\"].")
    try #require(
        secondList.items == solaris,
        "Two ItemListViewModels got different stubs, yet the second one shows \(secondList.items.map(\.title)) instead of [\"Solaris\"].")

    // Many screens signing in at the same time, each with its own stub.
    let count = 16
    let states = await withTaskGroup(of: (Int, LoginViewModel.State).self) { group in
        for index in 0..<count {
            group.addTask {
                let screen = LoginViewModel()
                screen.client = StubClient(account: User(id: "u-\(index)", name: "Reader \(index)"))
                await screen.signIn(user: "reader\(index)", password: "pw")
                return (index, screen.state)
            }
        }
        var collected: [Int: LoginViewModel.State] = [:]
        for await (index, state) in group { collected[index] = state }
        return collected
    }
    let mixedUp = (0..<count).filter { states[$0] != .signedIn(User(id: "u-\($0)", name: "Reader \($0)")) }
    #expect(
        mixedUp.isEmpty,
        "\(mixedUp.count) of \(count) screens signing in at the same time did not get their own stub's account (screen \(mixedUp.first ?? 0) shows \(states[mixedUp.first ?? 0].map { "\($0)" } ?? "nothing")).")
}

@Test func swappingTheClientChangesTheScreen() async {
    let ada = User(id: "u-1", name: "Ada")
    let grace = User(id: "u-2", name: "Grace")
    let screen = LoginViewModel()

    screen.client = StubClient(account: ada)
    await screen.signIn(user: "reader", password: "pw")
    let before = screen.state
    screen.client = StubClient(account: grace)
    await screen.signIn(user: "reader", password: "pw")

    #expect(
        before == .signedIn(ada) && screen.state == .signedIn(grace),
        "Swapping the client between two sign-ins should change who gets signed in; the screen went from \(before) to \(screen.state).")
}
