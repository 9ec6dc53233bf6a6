import Items
import Testing

/// Answers every load with `answer` and counts the loads. The checks import Items alone.
private struct CountingShelfLoader: ItemsLoader {
    let answer: Result<[Item], ItemsError>
    let loads = Recorder<Int>()

    func loadItems() async throws(ItemsError) -> [Item] {
        loads.record(1)
        return try answer.get()
    }
}

@MainActor
@Test func reloadShowsTheItemsFromTheLoader() async {
    let items = [Item(id: 7, title: "Middlemarch", author: "George Eliot"), Item(id: 8, title: "Beloved", author: "Toni Morrison")]
    let loader = CountingShelfLoader(answer: .success(items))
    let shelf = ItemListViewModel(loader: loader)
    Expect.that(loader.loads.values.isEmpty, "Building the screen already asked the loader; it should wait for reload().")
    await shelf.reload()
    Expect.that(loader.loads.values.count == 1, "One reload() asked the loader \(loader.loads.values.count) times.")
    Expect.that(
        shelf.state == .loaded(items),
        "The loader answered with two books, but after reload() the screen's state is \(shelf.state).")
}

@MainActor
@Test func reloadShowsEachFailureFromTheLoader() async {
    let expected: [(ItemsError, String)] = [
        (.offline, "Could not reach the server."),
        (.serverProblem, "Something went wrong on our side."),
    ]
    for (error, line) in expected {
        let shelf = ItemListViewModel(loader: CountingShelfLoader(answer: .failure(error)))
        await shelf.reload()
        Expect.that(
            shelf.state == .failed(error),
            "The loader threw .\(error), but after reload() the screen's state is \(shelf.state).")
        Expect.that(shelf.lines.last == line, "For .\(error) the screen's last line should be \"\(line)\".")
    }
}
