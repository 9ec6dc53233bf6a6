import Items
import Testing

/// Answers every load with `answer` and counts the loads.
final class StubItemsLoader: ItemsLoader, Sendable {
    let answer: Result<[Item], ItemsError>
    let loads = Recorder<Int>()

    init(_ answer: Result<[Item], ItemsError>) {
        self.answer = answer
    }

    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        loads.record(loads.values.count + 1)
        completion(answer)
    }
}

@Test func reloadShowsTheItems() async {
    let items = [Item(id: 7, title: "Middlemarch"), Item(id: 8, title: "Beloved")]
    let loader = StubItemsLoader(.success(items))
    let viewModel = ItemListViewModel(loader: loader)
    await viewModel.reload()
    #expect(loader.loads.values.count == 1, "One reload asked the loader \(loader.loads.values.count) times.")
    #expect(
        viewModel.state == .loaded(items),
        "The loader answered with two items, but the screen's state is \(viewModel.state).")
}

@Test func reloadShowsEachFailure() async {
    for error in [ItemsError.offline, .serverProblem] {
        let viewModel = ItemListViewModel(loader: StubItemsLoader(.failure(error)))
        await viewModel.reload()
        #expect(
            viewModel.state == .failed(error),
            "The loader answered \(error), but the screen's state is \(viewModel.state).")
    }
}
