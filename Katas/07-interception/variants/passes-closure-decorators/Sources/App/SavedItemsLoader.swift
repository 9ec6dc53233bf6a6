import Items

/// The books the store saved last, as a loader; offline when there are none.
struct SavedItemsLoader: ItemsLoader {
    let store: ShelfStore

    func loadItems() async throws(ItemsError) -> [Item] {
        guard let items = await store.items else { throw .offline }
        return items
    }
}
