/// Remembers the signed-in user's books after the first load, so that every shelf screen of
/// the session shows them without asking the server again.
///
/// One per signed-in user: the composition root makes it with that user's loader and drops it
/// at sign-out. An actor, because the screens of a session share it; and loads that overlap
/// wait for the one already under way instead of each asking the server.
public actor ItemsRepository: ItemsLoader {
    private let loader: any ItemsLoader
    private var cached: [Item]?
    private var inFlight: Task<Result<[Item], ItemsError>, Never>?

    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    /// The remembered books, or the loader's answer the first time. A failure is not
    /// remembered: the next call asks again.
    public func loadItems() async throws(ItemsError) -> [Item] {
        if let cached { return cached }
        let task =
            inFlight
            ?? Task { [loader] () async -> Result<[Item], ItemsError> in
                do throws(ItemsError) {
                    return .success(try await loader.loadItems())
                } catch {
                    return .failure(error)
                }
            }
        inFlight = task
        let result = await task.value
        if inFlight == task { inFlight = nil }
        if case .success(let items) = result { cached = items }
        return try result.get()
    }
}
