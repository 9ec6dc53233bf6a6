import Foundation
import KataSupport
import Synchronization

/// Shelf's connection to its server.
///
/// `shared` is the production client and never changes. Code that needs a different client
/// for a while binds it to `current` for the duration of one call:
///
///     await ServerAPIClient.$current.withValue(stub) { await login.signIn() }
///
/// The class is open so tests can stub it with a subclass. Swift only checks `Sendable` for
/// final classes, so the conformance is unchecked: it holds because every stored property
/// is a `let` of a Sendable type, and subclasses must keep it that way.
open class ServerAPIClient: @unchecked Sendable {
    /// The production client. In this course its transport never leaves the machine: it
    /// reports where it was called from and fails.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    /// The client that code running in this task should use: `shared`, unless a caller has
    /// bound another one with `$current.withValue(_:operation:)`. The binding holds for that
    /// call and the child tasks it starts, and ends with it.
    @TaskLocal public static var current: ServerAPIClient = shared

    /// A process-wide replacement: a constant, so nothing is ever assigned to it, but its
    /// contents can be swapped by anyone, which makes it global mutable state all the same.
    public static let replacement = Mutex<ServerAPIClient?>(nil)

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
