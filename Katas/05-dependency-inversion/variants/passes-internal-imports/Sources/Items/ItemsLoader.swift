/// What the list screen needs from the outside world: the user's items, or why there are none.
///
/// Class-bound: a loader is a long-lived collaborator that the screen shares with whoever
/// built it, never a value that gets copied around.
public protocol ItemsLoader: AnyObject {
    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void)
}
