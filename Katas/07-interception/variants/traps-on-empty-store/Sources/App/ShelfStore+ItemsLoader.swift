import Items

extension ShelfStore: ItemsLoader {
    func loadItems() throws(ItemsError) -> [Item] {
        guard let items else { fatalError("nothing saved yet") }
        return items
    }
}
