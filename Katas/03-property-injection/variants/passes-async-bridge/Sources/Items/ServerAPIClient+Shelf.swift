import APIClient

// Items' view of the client: `fetchItems` as one awaitable call. It calls the open endpoint on
// `self`, so whatever client the screen holds (production or a test's subclass) answers.
extension ServerAPIClient {
    /// Loads the shelf and waits for the answer. The caller's position is handed on, so the
    /// transport names the screen's line rather than this file's.
    func shelf(
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async -> Result<[Item], APIError> {
        await withCheckedContinuation { continuation in
            fetchItems(file: file, line: line, function: function) {
                continuation.resume(returning: $0)
            }
        }
    }
}
