/// A repository with nothing in it, for previews: one for the whole process.
extension ItemsRepository {
    public static let empty = ItemsRepository(loader: NoItems())
}

private struct NoItems: ItemsLoader {
    func loadItems() async throws(ItemsError) -> [Item] { [] }
}
