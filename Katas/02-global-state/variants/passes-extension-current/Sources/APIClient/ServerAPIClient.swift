import Foundation
import KataSupport

/// Shelf's connection to its server.
///
/// Which client the app talks to is decided in `ServerAPIClient+Current.swift`: `shared` is
/// the fixed production client, and `current` is what code in a task should use.
///
/// The class is open so tests can stub it with a subclass. Swift only checks `Sendable` for
/// final classes, so the conformance is unchecked: it holds because every stored property
/// is a `let` of a Sendable type, and subclasses must keep it that way.
open class ServerAPIClient: @unchecked Sendable {
    private let baseURL: URL
    private let transport: any Transport

    /// A client for the server at `baseURL` that sends everything through `transport`.
    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    // MARK: - Endpoints

    /// `POST /session` with the credentials as JSON.
    ///
    /// Leave `file`, `line` and `function` alone: they record which line of feature code
    /// made the call.
    open func signIn(
        user: String, password: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        let request = makeRequest("POST", "/session", installationID: installationID, body: body)
        let response = try await send(request, from: CallSite(fileID: file, line: line, function: function))
        return try decode(Session.self, from: response)
    }

    /// `GET /items` for the signed-in user.
    open func fetchItems(
        token: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> [Item] {
        var request = makeRequest("GET", "/items", installationID: installationID, body: nil)
        request.headers["Authorization"] = "Bearer \(token)"
        let response = try await send(request, from: CallSite(fileID: file, line: line, function: function))
        return try decode([Item].self, from: response)
    }

    // MARK: - Plumbing

    private func makeRequest(_ method: String, _ path: String, installationID: String, body: Data?) -> HTTPRequest {
        let headers = ["Host": baseURL.host ?? "", "X-Install-ID": installationID]
        return HTTPRequest(method: method, path: path, headers: headers, body: body)
    }

    private func send(_ request: HTTPRequest, from site: CallSite) async throws -> HTTPResponse {
        let result = await withCheckedContinuation { continuation in
            transport.send(request, from: site) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            return response
        case .success(let response):
            throw APIError.status(response.status)
        case .failure(let error):
            throw APIError.transport(error)
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw APIError.malformedResponse
        }
    }
}
