/// Maps `items` with at most `limit` bodies running at once, keeping the input order.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int, _ body: @escaping @Sendable (Item) async -> Result
) async -> [Result] {
    await withTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: items.count)
        var next = 0
        func addNext() {
            guard next < items.count else { return }
            let index = next
            let item = items[index]
            group.addTask { (index, await body(item)) }
            next += 1
        }
        for _ in 0..<min(max(1, limit), items.count) { addNext() }
        while let (index, result) = await group.next() {
            results[index] = result
            addNext()
        }
        // Every index was filled: the loop above ran each item's body exactly once.
        return results.compactMap { $0 }
    }
}
