/// What the list screen needs from the outside world: the user's items, or why there are none.
/// Items owns this protocol; the app decides which type conforms to it.
public protocol ItemsLoader {
    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void)
}
