import Foundation

/// The credentials as the server wants them in the body of `POST /session`.
private struct SessionCredentials: Encodable {
    let user: String
    let password: String
}

extension ServerAPIClient {
    /// `POST /session`: the sign-in request, kept in the core under another name, so every
    /// feature still recompiles when Login's request changes.
    public func openSession(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        execute(
            .post("/session", json: SessionCredentials(user: user, password: password)),
            file: file, line: line, function: function, completion: completion)
    }
}
