import Items

/// The store's query side: the saved books, as a loader. With nothing saved it is as good as
/// offline.
extension ShelfStore: ItemsLoader {
    func loadItems() throws(ItemsError) -> [Item] {
        guard let items else { throw .offline }
        return items
    }
}
