/// Shortcuts for Shelf's own screens, visible to every target in this package and to nobody
/// outside it.
///
/// The screens never choose an installation ID: these endpoints always attach the one of
/// `InstallationID.shared`, so sign-in and the item list cannot disagree about which device
/// they are. `file`, `line` and `function` are passed on, so the call site that gets recorded
/// is still the screen's line, not this file's.
extension ServerAPIClient {
    /// `signIn(user:password:installationID:)` as this installation.
    package func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> Session {
        try await signIn(
            user: user, password: password, installationID: InstallationID.shared.value,
            file: file, line: line, function: function)
    }

    /// `fetchItems(token:installationID:)` as this installation.
    package func fetchItems(
        token: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> [Item] {
        try await fetchItems(
            token: token, installationID: InstallationID.shared.value,
            file: file, line: line, function: function)
    }
}
