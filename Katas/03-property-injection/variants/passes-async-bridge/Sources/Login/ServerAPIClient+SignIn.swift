import APIClient

// Login's view of the client: the callback endpoint as one awaitable call. The wrapper lives
// in Login, so APIClient does not change, and it calls the open endpoint on `self`, so a
// subclass that overrides `signIn` answers here too.
extension ServerAPIClient {
    /// Signs in and waits for the answer. The caller's position is handed on to the endpoint,
    /// so the transport names the screen's line rather than this file's.
    func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async -> Result<User, APIError> {
        await withCheckedContinuation { continuation in
            signIn(user: user, password: password, file: file, line: line, function: function) {
                continuation.resume(returning: $0)
            }
        }
    }
}
