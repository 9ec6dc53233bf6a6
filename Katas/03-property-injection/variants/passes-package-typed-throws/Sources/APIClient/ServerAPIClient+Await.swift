// Awaitable forms of the endpoints, for Shelf's own screens only (`package`, so neither the
// app's users nor the class's public contract see them). Each one calls the open callback
// endpoint on `self`, so a subclass that overrides the endpoint is what answers.
extension ServerAPIClient {
    /// Signs in and returns the account, or throws why it could not.
    package func session(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws(APIError) -> User {
        try await Self.awaiting { done in
            self.signIn(user: user, password: password, file: file, line: line, function: function, completion: done)
        }
    }

    /// Loads the user's shelf, or throws why it could not.
    package func shelf(
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws(APIError) -> [Item] {
        try await Self.awaiting { done in
            self.fetchItems(file: file, line: line, function: function, completion: done)
        }
    }

    /// Turns one callback call into a suspension. Debug builds use a checked continuation,
    /// which traps if an endpoint (or a test's override) never calls back or calls back twice;
    /// release builds skip that bookkeeping.
    private static func awaiting<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> Void
    ) async throws(APIError) -> Value {
        #if DEBUG
        let answer = await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
        #else
        let answer = await withUnsafeContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
        #endif
        return try answer.get()
    }
}
