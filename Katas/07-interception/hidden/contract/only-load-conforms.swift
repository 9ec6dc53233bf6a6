import Items

// Type-checked with Items alone. A loader that can do only what the shelf asks for must be a
// complete ItemsLoader: a requirement added for one adapter's sake makes every loader pay.
struct OnlyLoad: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { [] }
}

@MainActor
func contractOnlyLoad() -> ItemListViewModel {
    ItemListViewModel(loader: OnlyLoad())
}
