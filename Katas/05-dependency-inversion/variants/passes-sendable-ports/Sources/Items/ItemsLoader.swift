/// The list screen's port to the outside world: the user's items, or why there are none.
///
/// Items owns this role. It refines `Sendable` because an answer may arrive on any thread, and
/// whatever loads the list may be handed across to it.
public protocol ItemsLoader: Sendable {
    func loadItems(completion: @escaping @Sendable (Result<[Item], ItemsError>) -> Void)
}

extension ItemsLoader {
    /// One load, awaited: the items, or the error the loader reported.
    func items() async throws(ItemsError) -> [Item] {
        let answer = await withCheckedContinuation { continuation in
            loadItems { continuation.resume(returning: $0) }
        }
        return try answer.get()
    }
}
