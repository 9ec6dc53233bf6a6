import Synchronization

/// Remembers the signed-in user's books: it keeps the first load's task, so every later or
/// overlapping load waits for that one answer. A class guarded by a Mutex instead of an actor.
public final class ItemsRepository: ItemsLoader {
    private typealias Load = Task<Result<[Item], ItemsError>, Never>

    private let loader: any ItemsLoader
    private let load = Mutex<Load?>(nil)

    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    public func loadItems() async throws(ItemsError) -> [Item] {
        let task = load.withLock { current in
            if let current { return current }
            let started = Load { [loader] in
                do throws(ItemsError) {
                    return .success(try await loader.loadItems())
                } catch {
                    return .failure(error)
                }
            }
            current = started
            return started
        }
        let result = await task.value
        if case .failure = result {
            // Forget a failed load, so the next call asks again.
            load.withLock { if $0 == task { $0 = nil } }
        }
        return try result.get()
    }
}
