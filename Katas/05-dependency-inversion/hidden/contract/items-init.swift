import Items

private struct ContractShelfLoader: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { [Item(id: 2, title: "Piranesi", author: "Susanna Clarke")] }
}

private struct ContractBrokenShelfLoader: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { throw .offline }
}

// Never called. It uses Items the way the visible Tests/ItemsTests do, importing nothing else.
@MainActor
func contractItemsInit() async -> Bool {
    let shelf = ItemListViewModel(loader: ContractShelfLoader())
    let broken = ItemListViewModel(loader: ContractBrokenShelfLoader())
    await shelf.reload()
    _ = broken.lines
    return shelf.state == .failed(.serverProblem) || broken.state == .failed(.offline)
}
