import Items

final class ContractItemsLoader: ItemsLoader, Sendable {
    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void) {
        completion(.success([]))
    }
}

// Never called: it only has to compile against the learner's Items module.
func contractItemsInit() -> ItemListViewModel {
    ItemListViewModel(loader: ContractItemsLoader())
}
