import Foundation
import KataSupport

extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON.
    ///
    /// Leave `file`, `line` and `function` alone: they record which line of feature code
    /// made the call.
    public func signIn(
        user: String, password: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        let request = connection.request("POST", "/session", installationID: installationID, body: body)
        let site = CallSite(fileID: file, line: line, function: function)
        return try await connection.exchange(request, from: site, expecting: Session.self)
    }

    /// `GET /items` for the signed-in user.
    public func fetchItems(
        token: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> [Item] {
        var request = connection.request("GET", "/items", installationID: installationID, body: nil)
        request.headers["Authorization"] = "Bearer \(token)"
        let site = CallSite(fileID: file, line: line, function: function)
        return try await connection.exchange(request, from: site, expecting: [Item].self)
    }
}
