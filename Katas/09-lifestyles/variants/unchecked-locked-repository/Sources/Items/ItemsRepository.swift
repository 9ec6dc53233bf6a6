import Foundation

/// Remembers the signed-in user's books: it keeps the first load's task behind a lock, so every
/// later or overlapping load waits for that one answer.
///
/// The lock does guard the state, but the compiler cannot see that, so the class promises it
/// with `@unchecked Sendable`.
public final class ItemsRepository: ItemsLoader, @unchecked Sendable {
    private typealias Load = Task<Result<[Item], ItemsError>, Never>

    private let loader: any ItemsLoader
    private let lock = NSLock()
    private var load: Load?

    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    public func loadItems() async throws(ItemsError) -> [Item] {
        let task = lock.withLock {
            if let load { return load }
            let started = Load { [loader] in
                do throws(ItemsError) {
                    return .success(try await loader.loadItems())
                } catch {
                    return .failure(error)
                }
            }
            load = started
            return started
        }
        let result = await task.value
        if case .failure = result {
            // Forget a failed load, so the next call asks again.
            lock.withLock { if load == task { load = nil } }
        }
        return try result.get()
    }
}
