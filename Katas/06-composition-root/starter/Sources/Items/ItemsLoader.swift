/// What the list screen needs from the outside world: the user's items, or why there are none.
public protocol ItemsLoader {
    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void)
}
